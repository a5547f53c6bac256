/**
 * The contact form's human check, Cloudflare Turnstile (issue 15): which mode runs, shared by the
 * API's verifier (worker/api/contact/turnstile.ts) and the page's widget (client/pages/contact).
 *
 * - 'live': real keys. The page loads Turnstile's script and widget (TURNSTILE_SITE_KEY), the API
 *   asks siteverify (TURNSTILE_SECRET_KEY, TURNSTILE_VERIFY_URL).
 * - 'sandbox': development and tests (no secret and DEV_OUTBOX=true), or one of Cloudflare's
 *   documented test secrets. The page renders a local stand-in widget ("I am human") that posts the
 *   test token, and the API answers as Cloudflare does for the test secrets, with no network.
 * - 'off': production without a secret: nothing can pass the check, so the form says the human
 *   check is unavailable (503) rather than letting everyone through.
 */

/** Cloudflare's documented test site keys: always passes, always blocks. */
export const TEST_SITE_KEY_PASS = '1x00000000000000000000AA';
export const TEST_SITE_KEY_BLOCK = '2x00000000000000000000AB';
/** Cloudflare's documented test secrets: always passes, always fails, "token already spent". */
export const TEST_SECRET_PASS = '1x0000000000000000000000000000000AA';
export const TEST_SECRET_FAIL = '2x0000000000000000000000000000000AA';
export const TEST_SECRET_SPENT = '3x0000000000000000000000000000000AA';
export const TEST_SECRETS: readonly string[] = [TEST_SECRET_PASS, TEST_SECRET_FAIL, TEST_SECRET_SPENT];
/** The token the widget gives with a test site key; test secrets accept only it, real secrets refuse it. */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** The posted field the widget fills, named as Turnstile names it. */
export const TURNSTILE_FIELD = 'cf-turnstile-response';
/** Turnstile's script and the origin the contact page's CSP opens for it (script-src, frame-src). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
export const TURNSTILE_SCRIPT = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;
export const TURNSTILE_VERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`;
/** The widget's action, checked in siteverify's answer. */
export const TURNSTILE_ACTION = 'contact';
/** Turnstile tokens are at most 2048 characters. */
export const TURNSTILE_TOKEN_MAX = 2048;

export type TurnstileMode = 'live' | 'sandbox' | 'off';

export function turnstileMode(config: { secret: string | undefined; devOutbox: string | undefined }): TurnstileMode {
  const secret = (config.secret ?? '').trim();
  if (TEST_SECRETS.includes(secret)) return 'sandbox';
  if (secret) return 'live';
  return config.devOutbox === 'true' ? 'sandbox' : 'off';
}
