import { useSyncExternalStore } from 'react';

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
/** Windows already listened to: a second call adds no second pair of listeners (one offer, one change). */
const listening = new WeakSet<Window>();

function setOffer(next: BeforeInstallPromptEvent | null) {
  offer = next;
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install offer for the profile's "Install app" entry. Called at startup: the event
 * fires once, early, often before the profile page exists.
 */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening.has(target)) return;
  listening.add(target);
  target.addEventListener('beforeinstallprompt', (event) => {
    // Our own entry asks instead of the browser's mini-infobar.
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => setOffer(null));
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function canInstall(): boolean {
  return offer !== null;
}

/** Shows the browser's install dialog. An offer can be used once; the browser sends a new one if refused. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const current = offer;
  if (!current) return 'unavailable';
  setOffer(null);
  await current.prompt();
  return (await current.userChoice).outcome;
}

export function useCanInstall(): boolean {
  return useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false);
}
