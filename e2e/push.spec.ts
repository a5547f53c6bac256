import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { text, type Lang } from './text';

/**
 * Web push from the account page in Chromium. Headless Chromium reaches no push service here, so
 * PushManager.subscribe is stubbed (page.addInitScript) with a subscription whose keys are a real
 * P-256 key pair and auth secret made by the test; the permission prompt answers as each test says.
 * The service worker (/sw.js) is the real one.
 */
const PASSWORD = 'Sesame123';
const PHONE = { width: 390, height: 844 };

function subscriptionKeys() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')]);
  return { endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`, p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Stubs the browser's push side: the permission answer, and PushManager's subscribe/getSubscription. */
async function stubPush(page: Page, answer: NotificationPermission) {
  const keys = subscriptionKeys();
  await page.addInitScript(
    ({ keys, answer }) => {
      let permission: NotificationPermission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      Notification.requestPermission = async () => {
        (window as unknown as { permissionAsked: number }).permissionAsked = ((window as unknown as { permissionAsked?: number }).permissionAsked ?? 0) + 1;
        permission = answer;
        return answer;
      };
      let current: PushSubscription | null = null;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey as Uint8Array;
        current = {
          endpoint: keys.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key.buffer.slice(0) as ArrayBuffer },
          getKey: () => null,
          toJSON: () => ({ endpoint: keys.endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        } as unknown as PushSubscription;
        return current;
      };
    },
    { keys, answer },
  );
  return keys;
}

async function signUp(page: Page): Promise<string> {
  const email = `e2e-push-${crypto.randomUUID()}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username: 'E2E' } } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
  return email;
}

const pushId = async (page: Page): Promise<string | null> =>
  ((await (await page.request.get('/api/auth/user')).json()) as { push_notification_id: string | null }).push_notification_id;

test.describe('web push', () => {
  test('turning notifications on asks permission in the click, registers /sw.js and this device; logout unregisters it', async ({ page }) => {
    const email = await signUp(page);
    const keys = await stubPush(page, 'granted');
    await page.goto('/profile?lang=fr');
    const device = await page.locator('html').getAttribute('data-device');
    const toggle = page.getByRole('switch', { name: text('fr', 'RECEIVE_NOTIFICATIONS') });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // Nothing is asked at load.
    expect(await page.evaluate(() => (window as unknown as { permissionAsked?: number }).permissionAsked ?? 0)).toBe(0);

    const unregistered = page.waitForRequest((r) => r.url().endsWith('/api/pushNotifications/tokenUnregister'));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect((await unregistered).postDataJSON()).toEqual({ device_id: device, device_family: 'web' });
    await expect(toggle).not.toHaveAttribute('aria-busy');

    const registered = page.waitForRequest((r) => r.url().endsWith('/api/pushNotifications/tokenRegister'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/pushNotifications/tokenRegister'));
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect((await registered).postDataJSON()).toEqual({
      device_id: device,
      device_family: 'web',
      preferred_language: 'fr',
      subscription: { endpoint: keys.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect((await answered).status()).toBe(200);
    expect(await page.evaluate(() => (window as unknown as { permissionAsked?: number }).permissionAsked)).toBe(1);
    // The real service worker is active for the whole site.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(worker).toEqual({ script: `${BASE_URL}/sw.js`, scope: `${BASE_URL}/` });
    expect(await pushId(page)).toBe(device);

    // Logout (the profile menu's form, without JavaScript too) unregisters this device on the server.
    await page.request.post('/logout', { headers: { Origin: BASE_URL }, form: {} });
    expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
    expect(await pushId(page)).toBeNull();
  });

  for (const lang of ['en', 'ar'] as Lang[]) {
    test(`a refused permission explains how to allow notifications (${lang}), with screenshots`, async ({ page }) => {
      await signUp(page);
      await stubPush(page, 'denied');
      for (const size of ['desktop', 'phone'] as const) {
        if (size === 'phone') await page.setViewportSize(PHONE);
        await page.goto(`/profile?lang=${lang}#notifications`);
        const toggle = page.getByRole('switch', { name: text(lang, 'RECEIVE_NOTIFICATIONS') });
        if ((await toggle.getAttribute('aria-checked')) === 'true') {
          await toggle.click();
          await expect(toggle).toHaveAttribute('aria-checked', 'false');
          await expect(toggle).not.toHaveAttribute('aria-busy');
        }
        await toggle.click();
        // The account setting is saved; only this browser refused.
        await expect(toggle).toHaveAttribute('aria-checked', 'true');
        const toast = page.getByRole('status').filter({ hasText: text(lang, 'PUSH_PERMISSION_DENIED') });
        await expect(toast).toBeVisible();
        await page.evaluate(() => document.getElementById('notifications')?.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: `e2e/screenshots/push-denied-${lang}-${size}.png`, animations: 'disabled' });
      }
      expect(await pushId(page)).toBeNull();
    });
  }
});
