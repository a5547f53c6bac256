import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, login, messageOf, register } from '../../test/accounts';
import { staffMember } from '../../test/staff';
import { STAFF_SESSION_IDLE_MINUTES } from '../../rules/staff';
import { base32Decode, hotp, stepOf } from './totp';
import { admin } from './routes';

const codeAt = async (secret: string, at: Date, offset = 0) => hotp(base32Decode(secret)!, stepOf(at) + offset);
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

/** An account holding `role`, signed in through both steps (the first time: the secret is set up). */
async function signIn(role: 'administrator' | 'support' | 'finance', at = new Date()) {
  const user = await register();
  await env.DB.prepare('INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?1, ?2, ?3)').bind(user.id, role, at.toISOString()).run();
  const first = await callApi('/admin/session', { method: 'POST', body: { login: user.email, password: user.password }, headers: { 'X-Client-IP': crypto.randomUUID() } });
  expect(first.status).toBe(200);
  const { challenge, enrol } = await json<{ challenge: string; enrol: { secret: string; uri: string } | null }>(first);
  expect(enrol?.uri).toContain('otpauth://totp/Tafrij:');
  const verify = await callApi('/admin/session/verify', { method: 'POST', body: { challenge, code: await codeAt(enrol!.secret, at) } });
  expect(verify.status).toBe(200);
  const signed = await json<{ token: string; expires_at: string; recovery_codes: string[] }>(verify);
  return { ...user, secret: enrol!.secret, ...signed };
}

describe('signing in to the console', () => {
  it('takes the password then a code; the first code sets the second factor up and answers ten recovery codes', async () => {
    const staff = await signIn('support');
    expect(staff.recovery_codes).toHaveLength(10);
    const me = await callApi('/admin/me', { headers: { 'x-staff-session': staff.token } });
    expect(await json(me)).toMatchObject({ id: staff.id, roles: ['support'], permissions: expect.arrayContaining(['support.reply', 'customers.read']) });
    // The next time: no secret is shown, a code is asked for.
    const again = await callApi('/admin/session', { method: 'POST', body: { login: staff.email, password: staff.password } });
    expect((await json<{ enrol: unknown }>(again)).enrol).toBeNull();
    const entries = await env.DB.prepare("SELECT action FROM audit_log WHERE staff_id = ?1 AND entity = 'staff'").bind(staff.id).all<{ action: string }>();
    expect(entries.results.map((e) => e.action)).toEqual(['staff.second_factor_set']);
  });

  it('accepts a code once, a recovery code once, and refuses wrong codes then too many', async () => {
    const staff = await signIn('finance');
    const challenge = async () => (await json<{ challenge: string }>(await callApi('/admin/session', { method: 'POST', body: { login: staff.email, password: staff.password } }))).challenge;
    // The code that signed in a moment ago cannot sign in again.
    const replay = await callApi('/admin/session/verify', { method: 'POST', body: { challenge: await challenge(), code: await codeAt(staff.secret, new Date()) } });
    expect(await messageOf(replay)).toMatch(/^STAFF_CODE_INVALID/);
    const recovery = staff.recovery_codes[0]!;
    const first = await callApi('/admin/session/verify', { method: 'POST', body: { challenge: await challenge(), recovery_code: recovery } });
    expect(first.status).toBe(200);
    const second = await callApi('/admin/session/verify', { method: 'POST', body: { challenge: await challenge(), recovery_code: recovery } });
    expect(second.status).toBe(400);
    const c = await challenge();
    // Five tries a quarter of an hour: the recovery code used twice was one, four more, then refused.
    for (let i = 0; i < 4; i += 1) expect((await callApi('/admin/session/verify', { method: 'POST', body: { challenge: c, code: '000000' } })).status).toBe(400);
    const limited = await callApi('/admin/session/verify', { method: 'POST', body: { challenge: c, code: '000000' } });
    expect(limited.status).toBe(429);
    expect(await messageOf(limited)).toMatch(/^STAFF_CODE_TOO_FREQUENT/);
  });

  it('the same code sent ten times at once opens one session', async () => {
    const user = await register();
    await env.DB.prepare("INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?1, 'support', '2026-01-01')").bind(user.id).run();
    const { challenge, enrol } = await json<{ challenge: string; enrol: { secret: string } }>(await callApi('/admin/session', { method: 'POST', body: { login: user.email, password: user.password } }));
    const code = await codeAt(enrol.secret, new Date());
    const answers = await Promise.all(Array.from({ length: 10 }, () => callApi('/admin/session/verify', { method: 'POST', body: { challenge, code } })));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_sessions WHERE user_id = ?1').bind(user.id).first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('refuses accounts without a console role (403), a forged challenge, and a session idle too long', async () => {
    const customer = await register();
    const refused = await callApi('/admin/session', { method: 'POST', body: { login: customer.email, password: customer.password } });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toMatch(/^STAFF_FORBIDDEN/);
    const forged = await callApi('/admin/session/verify', { method: 'POST', body: { challenge: 'eyJhbGciOiJIUzI1NiJ9.e30.x', code: '123456' } });
    expect(forged.status).toBe(401);
    const staff = await staffMember(['support'], new Date(Date.now() - (STAFF_SESSION_IDLE_MINUTES + 1) * 60_000));
    expect((await callApi('/admin/me', { headers: staff.headers })).status).toBe(401);
  });
});

describe('roles', () => {
  it('an administrator grants and removes a role, with a reason, each in the audit log; the last role removed ends the sessions', async () => {
    const adminUser = await staffMember(['administrator']);
    const support = await staffMember(['support']);
    const target = await register();
    const grant = await callApi('/admin/staff/grants', { method: 'POST', headers: adminUser.headers, body: { login: target.email, role: 'finance', reason: 'joins the finance team' } });
    expect(grant.status).toBe(201);
    expect((await callApi('/admin/staff/grants', { method: 'POST', headers: adminUser.headers, body: { login: target.email, role: 'finance', reason: 'again' } })).status).toBe(409);
    const noReason = await callApi('/admin/staff/grants', { method: 'POST', headers: adminUser.headers, body: { login: target.email, role: 'support' } });
    expect(noReason.status).toBe(400);
    const revoke = await callApi('/admin/staff/revocations', { method: 'POST', headers: adminUser.headers, body: { user_id: support.id, role: 'support', reason: 'left the company' } });
    expect(revoke.status).toBe(200);
    // Their console session ended with their last console role.
    expect((await callApi('/admin/me', { headers: support.headers })).status).toBe(401);
    const log = await json<{ entries: { action: string; entity_id: string; reason: string; staff_id: string }[] }>(await callApi(`/admin/audit?staff=${adminUser.id}`, { headers: adminUser.headers }));
    expect(log.entries.map((e) => [e.action, e.entity_id, e.reason])).toEqual([
      ['staff.revoke', support.id, 'left the company'],
      ['staff.grant', target.id, 'joins the finance team'],
    ]);
  });

  it('keeps the last administrator, however many ask at once', async () => {
    await env.DB.prepare("DELETE FROM staff_grants WHERE role = 'administrator'").run();
    const a = await staffMember(['administrator']);
    const b = await staffMember(['administrator']);
    const answers = await Promise.all(
      [a, b, a, b].map((who, i) => callApi('/admin/staff/revocations', { method: 'POST', headers: (i % 2 ? a : b).headers, body: { user_id: who.id, role: 'administrator', reason: 'tidying up' } })),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM staff_grants WHERE role = 'administrator'").first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('exports the audit log as CSV', async () => {
    const adminUser = await staffMember(['administrator']);
    const target = await register();
    await callApi('/admin/staff/grants', { method: 'POST', headers: adminUser.headers, body: { login: target.email, role: 'events', reason: '=cmd|calc' } });
    const res = await callApi(`/admin/audit?format=csv&staff=${adminUser.email}`, { headers: adminUser.headers });
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')[0]).toBe('id,at,staff,roles,action,entity,entity_id,before,after,reason,ip,country');
    expect(text).toContain(`"'=cmd|calc"`);
  });
});

describe('every console route', () => {
  const routes = admin.routes.filter((r) => r.method !== 'ALL' && !r.path.startsWith('/session'));

  it('is listed here (at least the staff, role and audit routes)', () => {
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['GET /me', 'GET /staff', 'POST /staff/grants', 'POST /staff/revocations', 'GET /audit']));
  });

  it('answers 403 to a customer, a sales agent, a librarian and door staff, 401 without a session, and no-store', async () => {
    const people = await Promise.all(
      ['customer', 'agent', 'librarian', 'door'].map(async (role) => {
        const user = await register();
        if (role !== 'customer') await env.DB.prepare('INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?1, ?2, ?3)').bind(user.id, role, new Date().toISOString()).run();
        return { role, tokens: await login(user.email) };
      }),
    );
    for (const route of routes) {
      const path = `/admin${route.path.replace(/:(\w+)/g, 'x')}`;
      const body = route.method === 'GET' ? undefined : {};
      const anonymous = await callApi(path, { method: route.method, body });
      expect([route.path, anonymous.status]).toEqual([route.path, 401]);
      expect(anonymous.headers.get('Cache-Control')).toBe('no-store');
      for (const person of people) {
        const res = await callApi(path, { method: route.method, body, token: person.tokens.token });
        expect([route.path, person.role, res.status]).toEqual([route.path, person.role, 403]);
      }
    }
  });

  it('answers 403 STAFF_FORBIDDEN to staff without the permission', async () => {
    const support = await staffMember(['support']);
    for (const path of ['/admin/staff', '/admin/audit']) {
      const res = await callApi(path, { headers: support.headers });
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toMatch(/^STAFF_FORBIDDEN/);
    }
  });
});

describe('the audit log', () => {
  it('has no UPDATE or DELETE anywhere in the application, its scripts or migrations but the triggers that refuse them', async () => {
    const sources = import.meta.glob(['/worker/**/*.ts', '/worker/**/*.tsx', '/scripts/**/*.ts', '/worker/db/migrations/*.sql', '!**/*.test.ts', '!**/*.test.tsx'], { query: '?raw', import: 'default', eager: true });
    const offenders = Object.entries(sources)
      .filter(([, text]) => /(UPDATE|DELETE\s+FROM|REPLACE\s+INTO|INSERT\s+OR\s+REPLACE\s+INTO)\s+audit_log/i.test(String(text).replace(/BEFORE (UPDATE|DELETE) ON audit_log/gi, '')))
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
