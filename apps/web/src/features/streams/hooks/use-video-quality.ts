import { useCallback, useSyncExternalStore } from 'react';
import type { Delivery } from '../media/whep-viewer';

/** auto: full video, or data saver on a slow or data-saving connection · saver: always · audio: no video. */
export type VideoQuality = 'auto' | 'saver' | 'audio';
export const VIDEO_QUALITIES: readonly VideoQuality[] = ['auto', 'saver', 'audio'];
export const VIDEO_QUALITY_STORAGE_KEY = 'lm.videoQuality';

/** The Network Information API (Chromium, Android WebView): absent in Safari and Firefox. */
type NetworkInformation = EventTarget & { saveData?: boolean; effectiveType?: string };
const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/** The browser says data is dear: the user's Data Saver, or a 2G/3G link. */
export function connectionWantsSaver(): boolean {
  const info = connection();
  return info?.saveData === true || (info?.effectiveType !== undefined && SLOW_TYPES.has(info.effectiveType));
}

/** The choice when storage is unavailable (some private modes): it lasts until the page closes. */
let unsaved: VideoQuality | null = null;

function readStored(): VideoQuality {
  try {
    const stored = window.localStorage.getItem(VIDEO_QUALITY_STORAGE_KEY);
    return VIDEO_QUALITIES.includes(stored as VideoQuality) ? (stored as VideoQuality) : (unsaved ?? 'auto');
  } catch {
    return unsaved ?? 'auto';
  }
}

const listeners = new Set<() => void>();
function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const info = connection();
  info?.addEventListener('change', notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    info?.removeEventListener('change', notify);
    window.removeEventListener('storage', notify);
  };
}

/** What the media server is asked for in each choice. */
export function deliveryFor(quality: VideoQuality, wantsSaver: boolean): Delivery {
  if (quality === 'audio') return { video: false, dataSaver: false };
  return { video: true, dataSaver: quality === 'saver' || wantsSaver };
}

/** The viewer's choice, kept in this browser, and the delivery it means on this connection now. */
export function useVideoQuality(): { quality: VideoQuality; setQuality: (quality: VideoQuality) => void; delivery: Delivery; autoSaver: boolean } {
  const quality = useSyncExternalStore(subscribe, readStored, () => 'auto' as const);
  const wantsSaver = useSyncExternalStore(subscribe, connectionWantsSaver, () => false);
  const setQuality = useCallback((next: VideoQuality) => {
    unsaved = next;
    try {
      window.localStorage.setItem(VIDEO_QUALITY_STORAGE_KEY, next);
    } catch {
      // Kept in `unsaved` instead.
    }
    for (const notify of listeners) notify();
  }, []);
  const delivery = deliveryFor(quality, quality === 'auto' && wantsSaver);
  return { quality, setQuality, delivery, autoSaver: quality === 'auto' && wantsSaver };
}
