/**
 * Web push in the browser (issue 6). Signatures are the contract the bell and the account page's
 * notifications switch rely on. enablePush must be called from a user gesture (a click): the
 * browser shows its permission prompt only then, and this module never asks at load.
 */
import { ApiError, browserApi } from '../api';
import { deviceId, isMember } from '../device';

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'failed';

/** The service worker (public/sw.js), registered for the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

const supported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && window.isSecureContext;

/** base64url → bytes (the VAPID key as `applicationServerKey`). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
};

const post = (path: string, body: unknown) =>
  browserApi.request(path, () => true, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/**
 * Asks permission (inside a user gesture), registers the service worker, subscribes with the
 * server's VAPID key and POSTs tokenRegister with this device's id and `lang`.
 */
export async function enablePush(lang: string): Promise<PushOutcome> {
  if (!supported() || !isMember()) return 'unsupported';
  // First, while the click's user activation is fresh: the permission prompt.
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';
  try {
    const [{ publicKey }] = await Promise.all([
      browserApi.request('/pushNotifications/publicKey', (value) => value as { publicKey: string }),
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }),
    ]);
    const key = keyBytes(publicKey);
    const registration = await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with another key (the keys were rotated) cannot receive our pushes.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const { endpoint, keys } = subscription.toJSON();
    await post('/pushNotifications/tokenRegister', {
      device_id: deviceId(),
      device_family: 'web',
      preferred_language: lang,
      subscription: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } },
    });
    return 'subscribed';
  } catch (error) {
    if (!(error instanceof ApiError)) console.warn('push: subscription failed', error);
    return 'failed';
  }
}

/** Unsubscribes this browser and POSTs tokenUnregister (members only: guests have no registration). */
export async function disablePush(): Promise<void> {
  if (supported()) {
    const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
    const subscription = await registration?.pushManager.getSubscription().catch(() => null);
    await subscription?.unsubscribe().catch(() => false);
  }
  if (isMember()) await post('/pushNotifications/tokenUnregister', { device_id: deviceId(), device_family: 'web' }).catch(() => undefined);
}

/** Whether this browser currently holds a push subscription (false when unsupported). */
export async function pushEnabled(): Promise<boolean> {
  if (!supported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration('/').catch(() => undefined);
  return Boolean(await registration?.pushManager.getSubscription().catch(() => null));
}
