import { describe, expect, it } from 'vitest';
import { DUMMY_TOKEN, TEST_SECRET_FAIL, TEST_SECRET_PASS, TEST_SECRET_SPENT, TURNSTILE_VERIFY_URL, turnstileMode } from '../../rules/turnstile';
import { HumanCheckUnavailable, humanCheck, passed, sandboxVerifier, siteverify, type SiteverifyAnswer } from './turnstile';

const SECRET = '0x4AAAAAAAreal-secret-for-tests';
const URL_ = 'https://turnstile.fake.test/turnstile/v0/siteverify';

/**
 * A fake siteverify that speaks Cloudflare's protocol: a POSTed form (secret, response, remoteip,
 * idempotency_key) answered { success, "error-codes", challenge_ts, hostname, action }. A token
 * passes once; a second use is "timeout-or-duplicate" unless it repeats the same idempotency key,
 * which gets the first answer again. `failures` are answered first (a status, or a network error).
 */
function fakeSiteverify(options: { failures?: (number | 'network')[]; action?: string } = {}) {
  const failures = [...(options.failures ?? [])];
  const seen: { url: string; method: string; type: string; form: Record<string, string> }[] = [];
  const spent = new Map<string, SiteverifyAnswer>();
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const form = Object.fromEntries([...(await request.formData())].map(([name, value]) => [name, String(value)]));
    seen.push({ url: request.url, method: request.method, type: request.headers.get('content-type') ?? '', form });
    const failure = failures.shift();
    if (failure === 'network') throw new TypeError('connection reset');
    if (failure) return new Response('upstream trouble', { status: failure });
    const answer = (body: SiteverifyAnswer) => Response.json(body);
    if (!form.secret) return answer({ success: false, 'error-codes': ['missing-input-secret'] });
    if (form.secret !== SECRET) return answer({ success: false, 'error-codes': ['invalid-input-secret'] });
    if (!form.response) return answer({ success: false, 'error-codes': ['missing-input-response'] });
    if (form.response === DUMMY_TOKEN || !form.response.startsWith('good-')) return answer({ success: false, 'error-codes': ['invalid-input-response'] });
    const earlier = spent.get(form.response);
    if (earlier) return answer(earlier.challenge_ts === form.idempotency_key ? earlier : { success: false, 'error-codes': ['timeout-or-duplicate'] });
    const ok: SiteverifyAnswer = { success: true, 'error-codes': [], challenge_ts: form.idempotency_key, hostname: 'tafrij.test', action: options.action ?? 'contact', cdata: '' };
    spent.set(form.response, ok);
    return answer(ok);
  };
  return { seen, fetcher };
}

describe('siteverify (Cloudflare Turnstile, server-side validation)', () => {
  it('POSTs the form fields secret, response, remoteip and idempotency_key, and reads the JSON answer', async () => {
    const { seen, fetcher } = fakeSiteverify();
    const answer = await siteverify({ secret: SECRET, url: URL_ }, fetcher).verify({ token: 'good-1', remoteIp: '203.0.113.7' });
    expect(answer).toMatchObject({ success: true, 'error-codes': [], hostname: 'tafrij.test', action: 'contact' });
    expect(passed(answer)).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: URL_, method: 'POST', type: 'application/x-www-form-urlencoded;charset=UTF-8' });
    expect(seen[0]?.form).toMatchObject({ secret: SECRET, response: 'good-1', remoteip: '203.0.113.7' });
    expect(seen[0]?.form.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a refused token as Cloudflare says, and a token used twice is a duplicate', async () => {
    const { fetcher } = fakeSiteverify();
    const check = siteverify({ secret: SECRET, url: URL_ }, fetcher);
    const bad = await check.verify({ token: 'forged' });
    expect(bad).toEqual({ success: false, 'error-codes': ['invalid-input-response'] });
    expect(passed(bad)).toBe(false);
    expect(passed(await check.verify({ token: 'good-2' }))).toBe(true);
    expect(await check.verify({ token: 'good-2' })).toMatchObject({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    expect(await check.verify({ token: '' })).toMatchObject({ success: false, 'error-codes': ['missing-input-response'] });
    // Production secrets refuse the test widget's dummy token.
    expect(passed(await check.verify({ token: DUMMY_TOKEN }))).toBe(false);
  });

  it('tries a 5xx or a network failure once more with the same idempotency key, so the retry is not a duplicate', async () => {
    for (const failure of [503, 'network'] as const) {
      const { seen, fetcher } = fakeSiteverify({ failures: [failure] });
      const answer = await siteverify({ secret: SECRET, url: URL_ }, fetcher).verify({ token: `good-retry-${failure}` });
      expect(passed(answer)).toBe(true);
      expect(seen).toHaveLength(2);
      expect(seen[1]?.form.idempotency_key).toBe(seen[0]?.form.idempotency_key);
    }
  });

  it('is unavailable (not the visitor’s fault) when siteverify stays down, answers garbage or refuses our secret', async () => {
    const down = fakeSiteverify({ failures: ['network', 502] });
    await expect(siteverify({ secret: SECRET, url: URL_ }, down.fetcher).verify({ token: 'good-3' })).rejects.toBeInstanceOf(HumanCheckUnavailable);
    expect(down.seen).toHaveLength(2);
    const garbage: typeof fetch = async () => new Response('<html>captive portal</html>', { status: 200 });
    await expect(siteverify({ secret: SECRET, url: URL_ }, garbage).verify({ token: 'good-4' })).rejects.toBeInstanceOf(HumanCheckUnavailable);
    const wrongSecret = fakeSiteverify();
    await expect(siteverify({ secret: 'not-ours', url: URL_ }, wrongSecret.fetcher).verify({ token: 'good-5' })).rejects.toThrow(/invalid-input-secret/);
  });

  it("refuses a token made for another widget's action, and defaults to Cloudflare's URL", async () => {
    const other = fakeSiteverify({ action: 'login' });
    expect(passed(await siteverify({ secret: SECRET, url: URL_ }, other.fetcher).verify({ token: 'good-6' }))).toBe(false);
    const { seen, fetcher } = fakeSiteverify();
    await siteverify({ secret: SECRET }, fetcher).verify({ token: 'good-7' });
    expect(seen[0]?.url).toBe(TURNSTILE_VERIFY_URL);
    expect(TURNSTILE_VERIFY_URL).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
  });
});

describe('the sandbox (Cloudflare’s documented test secrets)', () => {
  const at = () => new Date('2026-11-25T20:10:00Z');
  it('1x… passes only the dummy token, 2x… always fails, 3x… says the token was spent', async () => {
    const pass = sandboxVerifier(TEST_SECRET_PASS, at);
    expect(await pass.verify({ token: DUMMY_TOKEN })).toEqual({ success: true, 'error-codes': [], challenge_ts: '2026-11-25T20:10:00.000Z', hostname: 'example.com', action: '' });
    expect(await pass.verify({ token: 'something.else' })).toEqual({ success: false, 'error-codes': ['invalid-input-response'] });
    expect(await pass.verify({ token: '' })).toEqual({ success: false, 'error-codes': ['missing-input-response'] });
    expect(await sandboxVerifier(TEST_SECRET_FAIL).verify({ token: DUMMY_TOKEN })).toEqual({ success: false, 'error-codes': ['invalid-input-response'] });
    expect(await sandboxVerifier(TEST_SECRET_SPENT).verify({ token: DUMMY_TOKEN })).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    // Development without a secret behaves as the "always passes" test secret.
    expect(passed(await sandboxVerifier('').verify({ token: DUMMY_TOKEN }))).toBe(true);
  });

  it('runs in development and with test secrets; real secrets go to siteverify; production without a secret is off', async () => {
    expect(turnstileMode({ secret: undefined, devOutbox: 'true' })).toBe('sandbox');
    expect(turnstileMode({ secret: TEST_SECRET_FAIL, devOutbox: 'false' })).toBe('sandbox');
    expect(turnstileMode({ secret: SECRET, devOutbox: 'true' })).toBe('live');
    expect(turnstileMode({ secret: '', devOutbox: 'false' })).toBe('off');
    expect(humanCheck({ TURNSTILE_SECRET_KEY: '', TURNSTILE_VERIFY_URL: URL_, DEV_OUTBOX: 'false' })).toBeNull();
    const { seen, fetcher } = fakeSiteverify();
    const live = humanCheck({ TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_VERIFY_URL: URL_, DEV_OUTBOX: 'false' }, fetcher);
    expect(passed(await live!.verify({ token: 'good-8' }))).toBe(true);
    expect(seen[0]?.url).toBe(URL_);
    // The sandbox never touches the network.
    const offline: typeof fetch = () => Promise.reject(new Error('no network'));
    const sandbox = humanCheck({ TURNSTILE_SECRET_KEY: TEST_SECRET_PASS, TURNSTILE_VERIFY_URL: URL_, DEV_OUTBOX: 'false' }, offline);
    expect(passed(await sandbox!.verify({ token: DUMMY_TOKEN }))).toBe(true);
  });
});
