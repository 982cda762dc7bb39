import type { PushSubscriptionBody } from '@live-market/contract/shows';
import { deletePushSubscription } from '../api/delete-push-subscription';
import { getPushPublicKey } from '../api/get-push-public-key';
import { savePushSubscription } from '../api/save-push-subscription';

// Web Push on this device: the service worker (decision 018, registered in production builds only)
// holds the subscription; the server keeps its endpoint and keys to send reminders and "now live".

/** Whether this browser can receive pushes at all (iOS Safari only once the app is installed). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The browser's answer so far: 'default' (not asked), 'granted' or 'denied'; 'unsupported' without Web Push. */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** A VAPID key as sent (base64url) → the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The subscription as the contract takes it (PushSubscription.toJSON()), or null when the browser gave no keys. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody | null {
  const json = subscription.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  // Not `ready`: without a worker (development, or before it registered) that never settles.
  const found = await navigator.serviceWorker.getRegistration();
  return found?.active ? found : null;
}

export type SubscribeResult = 'subscribed' | 'unsupported' | 'denied' | 'no-worker' | 'failed';

/**
 * Subscribes this device with the server's key (again when the key changed) and sends the subscription.
 * Permission must already be granted: asking is the caller's, inside the person's tap.
 */
export async function subscribeThisDevice(): Promise<SubscribeResult> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission !== 'granted') return 'denied';
  const worker = await registration();
  if (!worker) return 'no-worker';
  try {
    const key = vapidKeyBytes(await getPushPublicKey());
    let subscription = await worker.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const body = subscriptionBody(subscription);
    if (!body) return 'failed';
    await savePushSubscription(body);
    return 'subscribed';
  } catch (error) {
    // No push service reachable (some browsers, test browsers), or the server refused: reminders still
    // arrive in the app's notifications.
    console.warn('Push subscription failed', error);
    return 'failed';
  }
}

/** Stops pushes to this device: the server forgets it, then the browser drops the subscription. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await deletePushSubscription({ endpoint: subscription.endpoint });
  } finally {
    await subscription.unsubscribe();
  }
}

/**
 * Calls back whenever this browser's notification permission may have changed: the person allowed or
 * blocked them in the site settings and came back. Returns the stop function.
 */
export function watchPushPermission(onChange: () => void): () => void {
  if (!pushSupported()) return () => {};
  let status: PermissionStatus | null = null;
  let stopped = false;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((found) => {
      if (stopped) return;
      status = found;
      status.addEventListener('change', onChange);
    })
    .catch(() => {});
  // Some browsers answer no permission query for notifications: coming back to the page re-reads it.
  const onVisible = () => document.visibilityState === 'visible' && onChange();
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onChange);
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onChange);
  };
}
