import { useEffect, useSyncExternalStore } from 'react';
import { GIFT_OVERLAY_MS } from '@live-market/contract/constants';
import type { RecentGift } from '@live-market/contract/engagement';

// SPEC 4: every gift plays a full-screen animation for 3 s, then it is removed. A gift seen twice
// (the sender's own answer and the room's gift_sent) plays once; a newer gift replaces the current one.

type Shown = { streamId: string; gift: RecentGift } | null;

let current: Shown = null;
const played = new Set<string>();
const listeners = new Set<() => void>();
let clearTimer: ReturnType<typeof setTimeout> | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

export function showGiftOverlay(streamId: string, gift: RecentGift): void {
  if (played.has(gift.id)) return;
  played.add(gift.id);
  if (played.size > 200) played.delete(played.values().next().value as string);
  current = { streamId, gift };
  if (clearTimer) clearTimeout(clearTimer);
  clearTimer = setTimeout(() => {
    clearTimer = null;
    current = null;
    emit();
  }, GIFT_OVERLAY_MS);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The gift whose animation is playing on this stream, if any. */
export function useGiftOverlay(streamId: string): RecentGift | null {
  const shown = useSyncExternalStore(subscribe, () => current, () => null);
  // Leaving the page stops a playing animation.
  useEffect(
    () => () => {
      if (current?.streamId !== streamId) return;
      current = null;
      if (clearTimer) clearTimeout(clearTimer);
      clearTimer = null;
    },
    [streamId],
  );
  return shown?.streamId === streamId ? shown.gift : null;
}
