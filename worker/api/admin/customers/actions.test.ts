// Support's actions on an account (issue 32): each one's effect seen through the customer's own API
// calls, its audit entry (who, before, after, why, from where), a reason required (400, nothing
// written), the permission checked (401, 403), and exactly one change under parallel requests.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dictionaries, translate } from '../../../i18n';
import { LANGS } from '../../../rules/lang';
import { callApi, GOOD_PASSWORD, login, messageOf, registeredUser, uniqueEmail } from '../../../test/accounts';
import { invoiceDocument } from '../../payments/invoices';
import { pay, userRow } from '../../payments/testing';
import { CUSTOMER_REFUSALS } from './routes';
import { ActionAnswer, CUSTOMER_ACTIONS, MATCH_KINDS, TIMELINE_KINDS, TIMELINE_SOURCES } from './schemas';
import { auditOf, callConsole, staffMember, type StaffMember } from './testing';

type Account = Awaited<ReturnType<typeof registeredUser>>;

const act = (staff: StaffMember | undefined, userId: string, action: string, body: Record<string, unknown> = { reason: 'Asked by phone, identity checked' }) =>
  callConsole(`/${userId}/${action}`, { ...(staff ? { staff } : {}), method: 'POST', body });
const okAct = async (staff: StaffMember, userId: string, action: string, body?: Record<string, unknown>) => {
  const res = await act(staff, userId, action, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return ActionAnswer.parse(await res.json());
};
const me = (who: { tokens: { token: string } } | string) => callApi('/auth/user', { token: typeof who === 'string' ? who : who.tokens.token });
const mails = async (to: string) => (await env.DB.prepare("SELECT subject, body FROM outbox WHERE recipient = ?1 AND channel = 'email' ORDER BY id").bind(to).all<{ subject: string; body: string }>()).results;
const codeIn = (body: string | undefined) => /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';
const auditCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log').first<{ n: number }>())?.n ?? 0;

/** A customer registered in `lang` (their emails are written in it), signed in. */
async function customerIn(lang: string): Promise<Account> {
  const email = uniqueEmail();
  const res = await callApi(`/auth/register?lang=${lang}`, { method: 'POST', body: { email, password: GOOD_PASSWORD, profile: { username: 'Salma' } }, headers: { 'X-Client-IP': crypto.randomUUID() } });
  const { id } = (await res.json()) as { id: string };
  return { id, email, password: GOOD_PASSWORD, tokens: await login(email) };
}

describe('suspend and reinstate', () => {
  it('suspends: the customer’s next call is 403 USER_SUSPENDED and every session ends; reinstated, they sign in again; each change audited once', async () => {
    const [support, user] = await Promise.all([staffMember('support'), registeredUser()]);
    const suspended = await okAct(support, user.id, 'suspend', { reason: 'Chargeback fraud' });
    expect(suspended).toEqual({ action: 'suspend', userId: user.id, active: false, sessionsEnded: 1 });
    const refused = await me(user);
    expect([refused.status, await messageOf(refused)]).toEqual([403, 'USER_SUSPENDED: account suspended']);
    expect((await callApi('/auth/login', { method: 'POST', body: { login: user.email, password: GOOD_PASSWORD } })).status).toBe(403);
    const again = await act(support, user.id, 'suspend');
    expect([again.status, await messageOf(again)]).toEqual([409, 'ALREADY_SUSPENDED']);

    expect(await okAct(support, user.id, 'reinstate')).toMatchObject({ action: 'reinstate', active: true });
    expect((await me((await login(user.email)).token)).status).toBe(200);
    expect((await act(support, user.id, 'reinstate')).status).toBe(409);

    expect(await auditOf(user.id)).toEqual([
      { staff_id: support.id, staff_roles: 'support', action: 'customer.suspend', before_json: '{"active":true}', after_json: '{"active":false}', reason: 'Chargeback fraud', ip: '203.0.113.7' },
      { staff_id: support.id, staff_roles: 'support', action: 'customer.reinstate', before_json: '{"active":false}', after_json: '{"active":true}', reason: 'Asked by phone, identity checked', ip: '203.0.113.7' },
    ]);
  });

  it('20 parallel suspensions: one suspends and is audited, the others are told it already is', async () => {
    const [support, user] = await Promise.all([staffMember('support'), registeredUser()]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(support, user.id, 'suspend')));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    expect((await auditOf(user.id)).map((e) => e.action)).toEqual(['customer.suspend']);
  });

  it('needs a reason (400 REASON_REQUIRED, nothing written), the permission (401, 403) and another staff member’s account to be a customer’s', async () => {
    const [support, finance, admin, user] = await Promise.all([staffMember('support'), staffMember('finance'), staffMember('administrator'), registeredUser()]);
    const before = await auditCount();
    for (const body of [{}, { reason: '' }, { reason: '  a ' }, { reason: 42 }, { reason: 'x'.repeat(501) }]) {
      const res = await act(support, user.id, 'suspend', body);
      expect([res.status, await messageOf(res)], JSON.stringify(body)).toEqual([400, 'REASON_REQUIRED: reason']);
    }
    const bare = await callConsole(`/${user.id}/sign-out`, { staff: support, method: 'POST' });
    expect(bare.status).toBe(400);
    const forbidden = await act(finance, user.id, 'suspend');
    expect([forbidden.status, await messageOf(forbidden)]).toEqual([403, 'STAFF_FORBIDDEN: customers.act']);
    expect((await act(undefined, user.id, 'suspend')).status).toBe(401);
    expect(await auditCount()).toBe(before);
    expect((await me(user)).status).toBe(200);

    const onStaff = await act(support, admin.id, 'suspend');
    expect([onStaff.status, (await messageOf(onStaff)).split(':')[0]]).toEqual([403, 'STAFF_ACCOUNT']);
    expect((await act(support, support.id, 'sign-out')).status).toBe(403);
    expect((await okAct(admin, support.id, 'sign-out')).action).toBe('sign_out');
    expect((await act(support, 'no-such-account', 'suspend')).status).toBe(404);
  });
});

describe('sign out of every device', () => {
  it('ends every session: access and refresh tokens stop working; the entry counts the sessions ended', async () => {
    const [support, user] = await Promise.all([staffMember('support'), registeredUser()]);
    const tablet = await login(user.email);
    expect(await okAct(support, user.id, 'sign-out')).toEqual({ action: 'sign_out', userId: user.id, sessionsEnded: 2 });
    for (const token of [user.tokens.token, tablet.token]) {
      const res = await me(token);
      expect([res.status, await messageOf(res)]).toEqual([401, 'NOT_AUTHORIZED: session ended']);
    }
    expect((await callApi('/auth/refresh', { method: 'POST', body: { refresh_token: tablet.refreshToken } })).status).toBe(401);
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({ action: 'customer.sign_out', before_json: '{"openSessions":2}', after_json: '{"openSessions":0}' });
  });
});

describe('remove a profile’s PIN', () => {
  it('opens the profile without a PIN and tells the customer by email in their language', async () => {
    const [support, user] = await Promise.all([staffMember('support'), customerIn('ar')]);
    await env.DB.prepare("UPDATE users SET subscription_id = 7, subscription_start = '2026-01-01T00:00:00.000Z', subscription_end = '2099-12-31T00:00:00.000Z' WHERE id = ?1").bind(user.id).run();
    const kids = (await (await callApi('/auth/profiles', { method: 'POST', token: user.tokens.token, body: { name: 'Enfants', is_kid: true } })).json()) as { id: number };
    expect((await callApi(`/auth/profiles/${kids.id}/pin`, { method: 'PUT', token: user.tokens.token, body: { password: GOOD_PASSWORD, pin: '2468' } })).status).toBe(200);

    expect(await okAct(support, user.id, `profiles/${kids.id}/remove-pin`)).toEqual({ action: 'pin_remove', userId: user.id, profileId: kids.id, notified: 'email' });
    const profiles = (await (await me(user)).json()) as { profiles: { id: number; has_pin: boolean; pin_is_activated: boolean }[] };
    expect(profiles.profiles.find((p) => p.id === kids.id)).toMatchObject({ has_pin: false, pin_is_activated: false });
    const [mail] = await mails(user.email);
    expect(mail?.subject).toBe(translate('ar')('ADMIN_CUSTOMERS_PIN_MAIL_SUBJECT'));
    expect(mail?.body).toContain('Enfants');
    expect(mail?.body).toContain(`/profiles/${kids.id}/edit?lang=ar`);

    const twice = await act(support, user.id, `profiles/${kids.id}/remove-pin`);
    expect([twice.status, (await messageOf(twice)).split(':')[0]]).toEqual([409, 'NO_PIN']);
    const main = (await env.DB.prepare('SELECT MIN(id) AS id FROM profiles WHERE user_id = ?1').bind(user.id).first<{ id: number }>())!.id;
    const other = await registeredUser();
    expect((await act(support, other.id, `profiles/${main}/remove-pin`)).status).toBe(404);
    expect((await auditOf(user.id)).map((e) => [e.action, e.before_json, e.after_json])).toEqual([
      ['customer.pin_remove', `{"profileId":${kids.id},"pin":true,"pinActive":true}`, `{"profileId":${kids.id},"pin":false,"pinActive":false}`],
    ]);
  });
});

describe('resend the email verification', () => {
  it('sends a new code in the customer’s language, which the customer verifies the address with; once a minute; not for a verified address', async () => {
    const [support, user] = await Promise.all([staffMember('support'), customerIn('fr')]);
    expect(await okAct(support, user.id, 'verification')).toEqual({ action: 'verification_resend', userId: user.id, email: user.email });
    const tooSoon = await act(support, user.id, 'verification');
    expect([tooSoon.status, (await messageOf(tooSoon)).split(':')[0]]).toEqual([429, 'CODE_TOO_FREQUENT']);
    const [mail] = await mails(user.email);
    expect(mail?.subject).toBe(translate('fr')('CODE_MAIL_SUBJECT'));
    const verified = await callApi('/auth/profile', { method: 'PUT', token: user.tokens.token, body: { isEmailVerified: true, code: codeIn(mail?.body) } });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect(((await verified.json()) as { isEmailVerified: boolean }).isEmailVerified).toBe(true);
    const done = await act(support, user.id, 'verification');
    expect([done.status, await messageOf(done)]).toEqual([409, 'ALREADY_VERIFIED']);
    expect((await auditOf(user.id)).map((e) => [e.action, e.after_json])).toEqual([['customer.verification_resend', JSON.stringify({ email: user.email })]]);
  });
});

describe('give premium days', () => {
  it('starts a period of the chosen plan with a zero-amount transaction and its invoice, then extends a running one', async () => {
    const [support, user] = await Promise.all([staffMember('support'), registeredUser()]);
    const noPlan = await act(support, user.id, 'premium', { reason: 'Outage compensation', days: 30 });
    expect([noPlan.status, await messageOf(noPlan)]).toEqual([400, 'PLAN_REQUIRED: planId']);
    expect((await act(support, user.id, 'premium', { reason: 'Outage compensation', days: 30, planId: 8 })).status).toBe(404);
    expect((await act(support, user.id, 'premium', { reason: 'Outage compensation', days: 0, planId: 4 })).status).toBe(400);

    const started = Date.now();
    const given = await okAct(support, user.id, 'premium', { reason: 'Outage compensation', days: 30, planId: 4 });
    expect(given).toMatchObject({ action: 'premium_grant', planId: 4, extended: false });
    const end = Date.parse(String(given.end));
    expect(end - started).toBeGreaterThanOrEqual(30 * 86_400_000 - 60_000);
    expect(end - started).toBeLessThan(30 * 86_400_000 + 60_000);
    expect(await userRow(user.id)).toMatchObject({ subscription_id: 4, subscription_end: given.end, subscription_renewal: null });
    const activity = (await (await callApi('/payments/transactions', { token: user.tokens.token })).json()) as { id: string; amount: number; method: string; state: string; invoice_number: number | null }[];
    expect(activity[0]).toMatchObject({ id: given.transactionId, amount: 0, method: 'grant', state: 'accepted', invoice_number: given.invoiceNumber });
    // The invoice the customer downloads: nothing to pay, given by Tafrij.
    const invoice = await invoiceDocument(env.DB, env, user.id, Number(given.invoiceNumber));
    expect(invoice).toMatchObject({ total: 0, currency: 'MAD', payment: { method: 'Offered by Tafrij' }, line: { periodEnd: given.end } });

    const more = await okAct(support, user.id, 'premium', { reason: 'Goodwill', days: 10 });
    expect(more).toMatchObject({ planId: 4, extended: true, end: new Date(end + 10 * 86_400_000).toISOString() });
    const entries = await auditOf(user.id);
    expect(entries.map((e) => e.action)).toEqual(['customer.premium_grant', 'customer.premium_grant']);
    expect(JSON.parse(entries[1]?.before_json ?? '{}')).toEqual({ planId: 4, end: given.end });
    expect(JSON.parse(entries[1]?.after_json ?? '{}')).toEqual({ planId: 4, end: more.end, days: 10, transactionId: more.transactionId });
  });

  it('extends a card subscription by its end and moves its next charge; 20 parallel posts of one form grant once', async () => {
    const [support, user] = await Promise.all([staffMember('support'), registeredUser()]);
    await pay(user.tokens.token, 2, 'approve', { currency: 'MAD' });
    const paid = await userRow(user.id);
    const attempt = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(support, user.id, 'premium', { reason: 'Double charge goodwill', days: 7, attempt })));
    expect(answers.map((r) => r.status)).toEqual(Array<number>(20).fill(200));
    const granted = await Promise.all(answers.map(async (r) => ActionAnswer.parse(await r.json()).transactionId));
    expect(new Set(granted).size).toBe(1);
    const end = new Date(Date.parse(paid?.subscription_end ?? '') + 7 * 86_400_000).toISOString();
    expect(await userRow(user.id)).toMatchObject({ subscription_id: 2, subscription_end: end, subscription_renewal: end });
    expect(await auditOf(user.id)).toHaveLength(1);
    const grants = await env.DB.prepare("SELECT COUNT(*) AS n FROM transactions WHERE user_id = ?1 AND method = 'grant'").bind(user.id).first<{ n: number }>();
    expect(grants?.n).toBe(1);
  });
});

describe('change the email address', () => {
  it('sends a code to the new address; with it the address becomes the account’s, verified, and the old one is told', async () => {
    const [support, user, other] = await Promise.all([staffMember('support'), customerIn('es'), registeredUser()]);
    const fresh = uniqueEmail();
    expect((await act(support, user.id, 'email', { reason: 'Lost access to the old mailbox', email: 'not-an-email' })).status).toBe(400);
    expect((await act(support, user.id, 'email', { reason: 'Lost access to the old mailbox', email: other.email })).status).toBe(409);
    expect((await act(support, user.id, 'email', { reason: 'Lost access to the old mailbox', email: user.email })).status).toBe(409);
    expect(await okAct(support, user.id, 'email', { reason: 'Lost access to the old mailbox', email: fresh.toUpperCase() })).toEqual({ action: 'email_change_request', userId: user.id, email: fresh });
    const [mail] = await mails(fresh);
    expect(mail?.subject).toBe(translate('es')('ADMIN_CUSTOMERS_EMAIL_CODE_MAIL_SUBJECT'));
    const code = codeIn(mail?.body);

    const wrong = await act(support, user.id, 'email/confirm', { reason: 'Lost access to the old mailbox', email: fresh, code: code === '000000' ? '111111' : '000000' });
    expect([wrong.status, await messageOf(wrong)]).toEqual([400, 'INVALID_CODE: code']);
    // The code ties the address to this account only.
    expect((await act(support, other.id, 'email/confirm', { reason: 'Lost access to the old mailbox', email: fresh, code })).status).toBe(400);
    expect(await okAct(support, user.id, 'email/confirm', { reason: 'Lost access to the old mailbox', email: fresh, code })).toEqual({ action: 'email_change', userId: user.id, email: fresh, notified: true });

    expect(await env.DB.prepare('SELECT email, is_email_verified FROM users WHERE id = ?1').bind(user.id).first()).toEqual({ email: fresh, is_email_verified: 1 });
    expect((await me((await login(fresh)).token)).status).toBe(200);
    const [told] = await mails(user.email);
    expect(told?.subject).toBe(translate('es')('ADMIN_CUSTOMERS_EMAIL_CHANGED_MAIL_SUBJECT'));
    expect(told?.body).toContain(fresh);
    // A code is good once.
    expect((await act(support, user.id, 'email/confirm', { reason: 'Lost access to the old mailbox', email: fresh, code })).status).toBe(400);
    expect((await auditOf(user.id)).map((e) => [e.action, e.before_json, e.after_json])).toEqual([
      ['customer.email_change_request', JSON.stringify({ email: user.email }), JSON.stringify({ email: fresh })],
      ['customer.email_change', JSON.stringify({ email: user.email, emailVerified: false }), JSON.stringify({ email: fresh, emailVerified: true })],
    ]);
  });
});

describe('the console’s words', () => {
  it('every timeline kind, source, action, search match and refusal has its text in the four languages', () => {
    const key = (prefix: string, name: string) => `ADMIN_CUSTOMERS_${prefix}_${name.replaceAll('.', '_').toUpperCase()}`;
    const keys = [
      ...TIMELINE_KINDS.map((k) => key('KIND', k)),
      ...TIMELINE_SOURCES.map((s) => key('SOURCE', s)),
      ...CUSTOMER_ACTIONS.map((a) => key('ACTION', a)),
      ...MATCH_KINDS.map((m) => key('MATCH', m)),
      ...Object.values(CUSTOMER_REFUSALS).map(([, code]) => key('REFUSAL', code)),
      'PAYMENT_METHOD_GRANT',
    ];
    for (const lang of LANGS) for (const k of keys) expect(dictionaries[lang][k], `${lang}:${k}`).toBeTruthy();
  });
});
