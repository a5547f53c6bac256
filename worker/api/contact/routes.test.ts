import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bindings } from '../../env';
import { LIMIT_RULES } from '../../limits';
import { DUMMY_TOKEN, TEST_SECRET_FAIL, TEST_SECRET_PASS } from '../../rules/turnstile';
import { api } from '..';
import { mainProfile, registeredUser, uniqueEmail } from '../../test/accounts';
import type { ContactAnswer } from './schemas';

/** POST /contact (issue 15): the input, the human check, the rate limits, storage and both emails. */

const newIp = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

type Post = { body?: Record<string, unknown>; ip?: string; token?: string; lang?: string; device?: string; profileId?: number; vars?: Partial<Bindings> };

function post({ body = {}, ip = newIp(), token, lang = 'en', device = 'device-contact-test', profileId, vars = {} }: Post = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Client-IP': ip, 'X-Device-Id': device };
  if (token) headers.Authorization = `Bearer ${token}`;
  const query = new URLSearchParams({ lang, ...(profileId ? { profileId: String(profileId) } : {}) });
  return Promise.resolve(api.request(`/contact?${query}`, { method: 'POST', headers, body: JSON.stringify(body) }, { ...env, ...vars }));
}

const good = (extra: Record<string, unknown> = {}) => ({
  subject: 'technical',
  name: 'Amina El Idrissi',
  email: uniqueEmail(),
  message: 'The film stops after ten minutes on my phone.',
  turnstile_token: DUMMY_TOKEN,
  ...extra,
});

const stored = (ticket: string) => env.DB.prepare('SELECT * FROM contact_messages WHERE ticket = ?').bind(ticket).first<Record<string, unknown>>();
const countFor = async (email: string) => ((await env.DB.prepare('SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?').bind(email).first<{ n: number }>())?.n ?? 0);
const mails = (to: string) => env.DB.prepare('SELECT recipient, subject, body FROM outbox WHERE recipient = ? ORDER BY id').bind(to).all<{ recipient: string; subject: string; body: string }>().then((r) => r.results);
const supportMail = async (ticket: string) =>
  (await env.DB.prepare("SELECT recipient, subject, body FROM outbox WHERE subject LIKE ? ORDER BY id").bind(`[${ticket}]%`).all<{ recipient: string; subject: string; body: string }>()).results;
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

afterEach(() => vi.restoreAllMocks());

describe('POST /contact', () => {
  it('stores a guest message under a TFJ- ticket, emails support and acknowledges in the sender’s language', async () => {
    const body = good({ subject: 'librarian', topic: 'demo', library: 'Médiathèque de Fès', phone: '+212612345678' });
    const res = await post({ body, lang: 'fr' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { ticket, acknowledged } = (await res.json()) as ContactAnswer;
    expect(ticket).toMatch(/^TFJ-[A-HJ-NP-Z2-9]{6}$/);
    expect(acknowledged).toBe(true);
    expect(await stored(ticket)).toMatchObject({
      subject: 'librarian',
      sub_subject: 'demo',
      library: 'Médiathèque de Fès',
      name: 'Amina El Idrissi',
      email: body.email,
      phone: '+212612345678',
      lang: 'fr',
      user_id: null,
      device_id: 'device-contact-test',
    });
    const [ack] = await mails(body.email);
    expect(ack?.subject).toBe(`Nous avons bien reçu votre message (${ticket})`);
    expect(ack?.body).toContain(`Votre numéro de ticket est ${ticket}`);
    expect(ack?.body).toContain('Bibliothécaire : essai, démo ou contenu — Une démo (Médiathèque de Fès)');
    const [support] = await supportMail(ticket);
    expect(support?.recipient).toBe(env.SUPPORT_EMAIL);
    expect(support?.subject).toBe(`[${ticket}] Librarian: trial, demo or content — A demo (Médiathèque de Fès) — Amina El Idrissi`);
    expect(support?.body).toContain('Account: not logged in');
    expect(support?.body).toContain(body.message);
  });

  it('attaches a logged-in sender’s account, profile, device and last transaction for support', async () => {
    const user = await registeredUser();
    const profileId = await mainProfile(user);
    const plan = (await env.DB.prepare('SELECT id FROM plans ORDER BY id LIMIT 1').first<{ id: number }>())!;
    const txId = `tx-contact-${crypto.randomUUID()}`;
    await env.DB.prepare(
      `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, state, created_at, updated_at)
       VALUES (?, ?, ?, 'subscribe', 'sandbox', 'card', 4900, 'MAD', 'failed', '2026-01-02T10:00:00.000Z', '2026-01-02T10:00:00.000Z')`,
    ).bind(txId, user.id, plan.id).run();
    const res = await post({ body: good({ subject: 'billing', email: user.email }), token: user.tokens.token, profileId, device: 'device-of-amina' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { ticket } = (await res.json()) as ContactAnswer;
    expect(await stored(ticket)).toMatchObject({ user_id: user.id, profile_id: profileId, device_id: 'device-of-amina', last_transaction_id: txId, sub_subject: null });
    const [support] = await supportMail(ticket);
    expect(support?.body).toContain(`Account: ${user.id}`);
    expect(support?.body).toContain(`Profile: ${profileId}`);
    expect(support?.body).toContain(`Last transaction: ${txId} · failed · card · 4900 MAD`);
    expect(support?.body).toContain('Device: device-of-amina');
  });

  it('refuses bad input with the spec §5 message on its field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'VALID_EMAIL_REQUIRED: email'],
      [{ email: '' }, 'VALID_EMAIL_REQUIRED: email'],
      [{ phone: '+2120612345678' }, 'VALID_PHONE_REQUIRED: phone'],
      [{ name: '   ' }, 'ALL_FIELDS_REQUIRED: name'],
      [{ message: '' }, 'ALL_FIELDS_REQUIRED: message'],
      [{ message: 'x'.repeat(5001) }, 'CONTACT_MESSAGE_TOO_LONG: message'],
      [{ subject: 'spam' }, 'ALL_FIELDS_REQUIRED: subject'],
      [{ subject: 'librarian', library: 'Bibliothèque nationale' }, 'ALL_FIELDS_REQUIRED: topic'],
      [{ subject: 'librarian', topic: 'trial' }, 'ALL_FIELDS_REQUIRED: library'],
    ];
    for (const [change, expected] of cases) {
      const body = good(change);
      const res = await post({ body });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(await message(res)).toBe(expected);
      expect(await countFor(String(body.email))).toBe(0);
    }
  });

  it('refuses a missing or bad Turnstile token (400 HUMAN_CHECK_FAILED) and stores nothing', async () => {
    for (const [token, vars] of [['', {}], ['forged.token', {}], [DUMMY_TOKEN, { TURNSTILE_SECRET_KEY: TEST_SECRET_FAIL }]] as const) {
      const body = good({ turnstile_token: token });
      const res = await post({ body, vars });
      expect(res.status).toBe(400);
      expect(await message(res)).toMatch(/^HUMAN_CHECK_FAILED: /);
      expect(await countFor(body.email)).toBe(0);
      expect(await mails(body.email)).toEqual([]);
    }
  });

  it('asks siteverify with real keys (TURNSTILE_VERIFY_URL), with the secret, the token and the sender’s address', async () => {
    const vars = { TURNSTILE_SECRET_KEY: '0x4AAAAAAA-real-secret', TURNSTILE_VERIFY_URL: 'https://turnstile.fake.test/siteverify' };
    const seen: Record<string, string>[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      expect(request.url).toBe(vars.TURNSTILE_VERIFY_URL);
      const form = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
      seen.push(form);
      return Response.json(form.response === 'real-good-token' ? { success: true, 'error-codes': [], action: 'contact', hostname: 'tafrij.ma' } : { success: false, 'error-codes': ['invalid-input-response'] });
    });
    const ip = newIp();
    expect((await post({ body: good({ turnstile_token: 'real-good-token' }), vars, ip })).status).toBe(201);
    const refused = await post({ body: good({ turnstile_token: DUMMY_TOKEN }), vars });
    expect(await message(refused)).toBe('HUMAN_CHECK_FAILED: invalid-input-response');
    expect(seen[0]).toMatchObject({ secret: vars.TURNSTILE_SECRET_KEY, response: 'real-good-token', remoteip: ip });
    expect(seen[0]?.idempotency_key).toBeTruthy();
  });

  it('says the human check is unavailable (503) when siteverify is down or no secret is set in production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'));
    const down = await post({ body: good(), vars: { TURNSTILE_SECRET_KEY: '0x4AAAAAAA-real-secret', TURNSTILE_VERIFY_URL: 'https://turnstile.fake.test/siteverify' } });
    expect(down.status).toBe(503);
    expect(await message(down)).toMatch(/^HUMAN_CHECK_UNAVAILABLE/);
    const off = await post({ body: good(), vars: { DEV_OUTBOX: 'false', TURNSTILE_SECRET_KEY: '' } });
    expect(off.status).toBe(503);
    expect(await message(off)).toMatch(/^HUMAN_CHECK_UNAVAILABLE/);
  });

  it('keeps the ticket when an email fails (logged), and says the acknowledgement did not go', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = good();
    // No mail provider outside the dev outbox: every send fails.
    const res = await post({ body, vars: { DEV_OUTBOX: 'false', MAIL_PROVIDER: '', TURNSTILE_SECRET_KEY: TEST_SECRET_PASS } });
    expect(res.status).toBe(201);
    const { ticket, acknowledged } = (await res.json()) as ContactAnswer;
    expect(acknowledged).toBe(false);
    expect(await stored(ticket)).toMatchObject({ email: body.email });
    const logged = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as { event: string; kind: string; ticket: string });
    expect(logged.filter((l) => l.event === 'contact_email_failed' && l.ticket === ticket).map((l) => l.kind).sort()).toEqual(['acknowledgement', 'support']);
  });
});

describe('POST /contact rate limits (spec §8 too many requests), counted before sending', () => {
  const EMAIL_MAX = LIMIT_RULES['contact-email'].max;
  const IP_MAX = LIMIT_RULES['contact-ip'].max;
  const statuses = (answers: Response[]) => answers.map((r) => r.status);
  const count = (list: number[], status: number) => list.filter((s) => s === status).length;

  it(`20 parallel posts of one email from 20 addresses: exactly ${EMAIL_MAX} stored and emailed, the others 429 TOO_MANY_REQUESTS`, async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post({ body: good({ email }) })));
    const list = statuses(answers);
    expect(count(list, 201)).toBe(EMAIL_MAX);
    expect(count(list, 429)).toBe(20 - EMAIL_MAX);
    const refused = answers.find((r) => r.status === 429)!;
    expect(await refused.json()).toMatchObject({ status: 429, message: expect.stringMatching(/^TOO_MANY_REQUESTS: /), delay: expect.any(Number) });
    expect(await countFor(email)).toBe(EMAIL_MAX);
    expect(await mails(email)).toHaveLength(EMAIL_MAX);
  });

  it(`20 parallel posts from one address with 20 emails: exactly ${IP_MAX} stored`, async () => {
    const ip = newIp();
    const emails = Array.from({ length: 20 }, () => uniqueEmail());
    const answers = await Promise.all(emails.map((email) => post({ body: good({ email }), ip })));
    const list = statuses(answers);
    expect(count(list, 201)).toBe(IP_MAX);
    expect(count(list, 429)).toBe(20 - IP_MAX);
    const counts = await Promise.all(emails.map(countFor));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(IP_MAX);
    // A refused post gave its email's hit back: those emails can still write from elsewhere.
    const refusedEmail = emails[list.indexOf(429)]!;
    expect((await post({ body: good({ email: refusedEmail }) })).status).toBe(201);
  });

  it(`20 parallel posts of one email from one address: exactly ${Math.min(EMAIL_MAX, IP_MAX)} stored`, async () => {
    const ip = newIp();
    const email = uniqueEmail();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post({ body: good({ email }), ip })));
    expect(count(statuses(answers), 201)).toBe(Math.min(EMAIL_MAX, IP_MAX));
    expect(await countFor(email)).toBe(Math.min(EMAIL_MAX, IP_MAX));
  });
});
