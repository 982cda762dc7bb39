// Kept tiny and free of the push code itself: the routes that offer push (Remind me, Follow) import
// this, and the subscription code loads only once permission is granted.

let offered = false;

/**
 * Called inside a Remind me or Follow tap (issue 13: ask at a sensible moment, never on load). With
 * push on in the user's settings, asks the browser for permission the first time (the tap lets the
 * prompt show) and, once granted, subscribes this device. Once per page load is enough.
 */
export function offerPush(pushEnabled: boolean): void {
  if (offered || !pushEnabled) return;
  if (typeof window === 'undefined' || !('Notification' in window) || !('PushManager' in window) || !('serviceWorker' in navigator)) return;
  if (Notification.permission === 'denied') return;
  offered = true;
  const asked = Notification.permission === 'granted' ? Promise.resolve<NotificationPermission>('granted') : Notification.requestPermission();
  void asked
    .then((permission) => (permission === 'granted' ? import('./web-push').then((m) => m.subscribeThisDevice()) : null))
    .catch((error: unknown) => console.warn('Could not turn on push notifications', error));
}

/** Tests: forget that push was offered on this page. */
export function resetOfferPush(): void {
  offered = false;
}
