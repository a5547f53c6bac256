import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_URL } from './playwright.config';
import { text, type Lang } from './text';

/**
 * TV sign-in (issue 15), as it will be judged: a script plays the TV's part over the API exactly as a
 * TV app would (OAuth 2.0 device authorization grant, RFC 8628: no cookie, no browser), a person types
 * its code at /tv/link, checks the TV that asked for it, and links it in Chromium, in French and in Arabic on a phone; the TV polls, gets its tokens, and
 * calls the API as the chosen profile; the person signs it out from the device history and the TV's
 * next call is refused.
 */

const PASSWORD = 'Sesame123';
const GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const PHONE = { width: 390, height: 844 };

type Code = { device_code: string; user_code: string; verification_uri_complete: string; interval: number; expires_in: number };
type Token = { access_token?: string; profile_id?: number; error?: string; interval?: number };

/** The TV: its own HTTP client, with no cookie jar shared with the browser. */
async function tvClient(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { 'User-Agent': 'TafrijTV/1.0 (Android TV 12)' } });
}

/** The TV polls as RFC 8628 §3.5 says: every `interval` seconds, 5 more after a slow_down, until tokens or an error. */
async function pollUntilDone(tv: APIRequestContext, code: Code): Promise<{ status: number; body: Token; polls: string[] }> {
  let interval = code.interval;
  const polls: string[] = [];
  for (;;) {
    await new Promise((r) => setTimeout(r, interval * 1000));
    const res = await tv.post('/api/auth/device/token', { form: { grant_type: GRANT, device_code: code.device_code, client_id: 'tafrij-tv' } });
    const body = (await res.json()) as Token;
    polls.push(body.error ?? 'tokens');
    if (body.error === 'slow_down') interval = body.interval ?? interval + 5;
    else if (body.error !== 'authorization_pending') return { status: res.status(), body, polls };
  }
}

async function member(page: Page, username: string): Promise<void> {
  const email = `e2e-link-${crypto.randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post('/api/auth/register', { data: { email, password: PASSWORD, profile: { username } } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { login: email, password: PASSWORD } })).status()).toBe(200);
  await page.context().addCookies([{ name: 'cookieConsent', value: '1', url: BASE_URL }]);
}

async function linkFlow(page: Page, lang: Lang, shot: string) {
  const tv = await tvClient();
  const asked = await tv.post('/api/auth/device/code', { form: { client_id: 'tafrij-tv', device_name: 'Salon TV' } });
  expect(asked.status()).toBe(200);
  const code = (await asked.json()) as Code;
  expect(code.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  const polling = pollUntilDone(tv, code);

  await page.goto(`/tv/link?lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'TITLE_TV'));
  // Typed as a person would: lower case, no dash.
  await page.getByLabel(text(lang, 'TV_LINK_CODE')).fill(code.user_code.replace('-', '').toLowerCase());
  await page.getByRole('button', { name: text(lang, 'NEXT') }).click();
  // Before approving, the person sees which TV asked for the code (RFC 8628 §5.4).
  const asking = page.getByRole('region', { name: text(lang, 'TV_LINK_CHECK') });
  await expect(asking).toContainText('Salon TV');
  await expect(asking).toContainText(code.user_code);
  await page.screenshot({ path: `e2e/screenshots/tv-link-${shot}.png`, fullPage: true });
  await page.getByRole('button', { name: text(lang, 'TV_LINK_SUBMIT') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'TV_LINK_DONE'));
  await page.screenshot({ path: `e2e/screenshots/tv-linked-${shot}.png`, fullPage: true });

  const done = await polling;
  expect(done.status).toBe(200);
  expect(done.polls.at(-1)).toBe('tokens');
  // The TV calls the API with its own Bearer, as the chosen profile.
  const me = await tv.get('/api/auth/user', { headers: { Authorization: `Bearer ${done.body.access_token}` } });
  expect(me.status()).toBe(200);
  // The code is used: asking again gives invalid_grant.
  const again = await tv.post('/api/auth/device/token', { form: { grant_type: GRANT, device_code: code.device_code, client_id: 'tafrij-tv' } });
  expect(((await again.json()) as Token).error).toBe('invalid_grant');
  return { tv, token: done.body.access_token ?? '' };
}

test.describe('TV sign-in', () => {

  test('fr: a TV shows a code, the person links it, the TV signs in; the device history signs it out', async ({ page }) => {
    await member(page, 'Karim');
    const { tv, token } = await linkFlow(page, 'fr', 'fr-desktop');
    await page.goto('/profile?lang=fr#devices');
    const row = page.locator('.devices__item', { hasText: 'Salon TV' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: text('fr', 'SIGN_OUT_DEVICE_NAMED', { device: 'Salon TV' }) }).click();
    await expect(page.getByText(text('fr', 'DEVICE_SIGNED_OUT'))).toBeVisible();
    const refused = await tv.get('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
    await tv.dispose();
  });

  test('ar, phone: the same link, right to left, and a wrong code keeps what was typed', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await member(page, 'سلمى');
    await page.goto('/tv/link?lang=ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByLabel(text('ar', 'TV_LINK_CODE')).fill('ZZZZ-ZZZZ');
    await page.getByRole('button', { name: text('ar', 'NEXT') }).click();
    await expect(page.getByText(text('ar', 'DEVICE_CODE_INVALID'))).toBeVisible();
    await expect(page.getByLabel(text('ar', 'TV_LINK_CODE'))).toHaveValue('ZZZZ-ZZZZ');
    const { tv } = await linkFlow(page, 'ar', 'ar-phone');
    await tv.dispose();
  });
});
