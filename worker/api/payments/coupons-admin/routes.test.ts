// Coupons in the back office (issue 32), through /admin/coupons as the console calls it: permissions,
// creating (typed or generated codes), batches unique under parallel generation with their CSV,
// dates and quota (never below the uses, exact under parallel redemptions), disabling, uses, audit.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, messageOf, registeredUser } from '../../../test/accounts';
import { staffMember } from '../../../test/staff';
import { BatchList, BatchMade, CouponDetail, CouponList, CouponView } from './schemas';

const PLAN_WEEK = 2;
const REASON = 'Ramadan campaign';

const admin = (token: string, path: string, init: { method?: string; body?: unknown; at?: string } = {}) =>
  callApi(`/admin/coupons${path}`, { method: init.method ?? 'GET', headers: { 'x-staff-session': token, ...(init.at ? { 'x-test-now': init.at } : {}) }, ...(init.body === undefined ? {} : { body: init.body }) });
const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())?.n ?? 0;
const uniqueCode = () => `C${crypto.randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`;
const redeem = (token: string, code: string) => callApi(`/payments/subscription/${PLAN_WEEK}`, { method: 'POST', token, body: { method: 'coupon', coupon: code } });

async function create(token: string, body: Record<string, unknown>) {
  const res = await admin(token, '/', { method: 'POST', body: { kind: 'percent', value: 100, quota: 10, reason: REASON, ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return CouponView.parse(((await res.json()) as { coupon: unknown }).coupon);
}

describe('permissions', () => {
  it('401 without a console session; support neither reads nor writes; finance does both', async () => {
    expect((await admin('no-such-session-token-0000000000000000000', '/')).status).toBe(401);
    const support = await staffMember(['support']);
    for (const [method, path] of [['GET', '/'], ['POST', '/'], ['GET', '/batches'], ['POST', '/batches'], ['GET', '/X123'], ['PATCH', '/X123'], ['POST', '/X123/disable'], ['GET', `/batches/${crypto.randomUUID()}.csv`]] as const) {
      const res = await admin(support.token, path, { method, ...(method === 'GET' ? {} : { body: { reason: REASON } }) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await messageOf(res)).toMatch(/^STAFF_FORBIDDEN: coupons\.(read|write)$/);
    }
    const finance = await staffMember(['finance']);
    expect((await admin(finance.token, '/')).status).toBe(200);
  });
});

describe('one coupon', () => {
  it('created with a typed code (normalised), audited with its reason; the same code again is refused; bad input is a clear 400', async () => {
    const finance = await staffMember(['finance']);
    const code = uniqueCode();
    const coupon = await create(finance.token, { code: code.toLowerCase(), kind: 'amount', value: 1000, currency: 'MAD', plan_ids: [PLAN_WEEK], starts_at: '2026-01-01', ends_at: '2099-01-31' });
    expect(coupon).toMatchObject({ code, kind: 'amount', value: 1000, currency: 'MAD', plan_ids: [PLAN_WEEK], starts_at: '2026-01-01T00:00:00.000Z', ends_at: '2099-01-31T23:59:59.999Z', quota: 10, uses: 0, status: 'active' });
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.create' AND entity_id = ? AND reason = ? AND staff_id = ?", code, REASON, finance.id)).toBe(1);
    const again = await admin(finance.token, '/', { method: 'POST', body: { code, kind: 'percent', value: 10, quota: 1, reason: REASON } });
    expect([again.status, await messageOf(again)]).toEqual([409, `COUPON_EXISTS: ${code}`]);
    const bad = async (body: Record<string, unknown>, message: RegExp) => {
      const res = await admin(finance.token, '/', { method: 'POST', body: { kind: 'percent', value: 10, quota: 1, reason: REASON, ...body } });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toMatch(message);
    };
    await bad({ value: 101 }, /^COUPON_VALUE_INVALID/);
    await bad({ kind: 'amount', value: 100 }, /^COUPON_CURRENCY_REQUIRED/);
    await bad({ code: '%%' }, /^COUPON_CODE_INVALID/);
    await bad({ starts_at: '2027-02-01', ends_at: '2027-01-01' }, /^COUPON_DATES_INVALID/);
    await bad({ reason: '' }, /^BAD_REQUEST: reason/);
    const noPlan = await admin(finance.token, '/', { method: 'POST', body: { kind: 'percent', value: 10, quota: 1, reason: REASON, plan_ids: [999999] } });
    expect([noPlan.status, await messageOf(noPlan)]).toEqual([404, 'PLAN_NOT_FOUND: no such plan']);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.create' AND entity_id = ?", code)).toBe(1);
  });

  it('a generated code; listed by the start of its code and by status; paged', async () => {
    const finance = await staffMember(['finance']);
    const coupon = await create(finance.token, {});
    expect(coupon.code).toMatch(/^[A-Z2-9]{10}$/);
    const found = CouponList.parse(await (await admin(finance.token, `/?q=${coupon.code.slice(0, 8).toLowerCase()}`)).json());
    expect(found.coupons.map((c) => c.code)).toContain(coupon.code);
    const prefix = uniqueCode();
    for (const [i, ends] of ['2099-01-01', '2026-02-01', '2099-01-01'].entries()) await create(finance.token, { code: `${prefix}${i}`, starts_at: '2026-01-01', ends_at: ends });
    await admin(finance.token, `/${prefix}2/disable`, { method: 'POST', body: { reason: REASON } });
    const status = async (s: string) => CouponList.parse(await (await admin(finance.token, `/?q=${prefix}&status=${s}`)).json()).coupons.map((c) => c.code);
    expect(await status('active')).toEqual([`${prefix}0`]);
    expect(await status('expired')).toEqual([`${prefix}1`]);
    expect(await status('disabled')).toEqual([`${prefix}2`]);
    const first = CouponList.parse(await (await admin(finance.token, `/?q=${prefix}&limit=2`)).json());
    expect([first.coupons.length, first.next_offset]).toEqual([2, 2]);
    const last = CouponList.parse(await (await admin(finance.token, `/?q=${prefix}&limit=2&offset=2`)).json());
    expect([last.coupons.map((c) => c.code), last.next_offset]).toEqual([[`${prefix}2`], null]);
  });

  it('dates and quota edited (audited before/after); the quota never below the uses; a disabled code redeems no more', async () => {
    const finance = await staffMember(['finance']);
    const { code } = await create(finance.token, { quota: 5 });
    const users = await Promise.all([registeredUser(), registeredUser()]);
    for (const u of users) expect((await redeem(u.tokens.token, code)).status).toBe(200);
    const below = await admin(finance.token, `/${code}`, { method: 'PATCH', body: { quota: 1, reason: REASON } });
    expect([below.status, await messageOf(below)]).toEqual([409, 'COUPON_QUOTA_BELOW_USES: 2 uses']);
    const dates = await admin(finance.token, `/${code}`, { method: 'PATCH', body: { ends_at: '2020-01-01', reason: REASON } });
    expect([dates.status, await messageOf(dates)]).toEqual([400, 'COUPON_DATES_INVALID: the start must come before the end']);
    const edited = await admin(finance.token, `/${code}`, { method: 'PATCH', body: { quota: 2, ends_at: '2098-12-31', reason: REASON } });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { coupon: unknown }).coupon).toMatchObject({ quota: 2, uses: 2, ends_at: '2098-12-31T23:59:59.999Z' });
    const entries = await env.DB.prepare("SELECT before_json, after_json, reason FROM audit_log WHERE action = 'coupon.edit' AND entity_id = ?").bind(code).all<{ before_json: string; after_json: string; reason: string }>();
    expect(entries.results).toHaveLength(1);
    expect(JSON.parse(entries.results[0]?.before_json ?? '{}')).toMatchObject({ quota: 5 });
    expect(JSON.parse(entries.results[0]?.after_json ?? '{}')).toEqual({ quota: 2, ends_at: '2098-12-31T23:59:59.999Z' });

    const { code: other } = await create(finance.token, { quota: 5 });
    expect((await admin(finance.token, `/${other}/disable`, { method: 'POST', body: { reason: REASON } })).status).toBe(200);
    const twice = await admin(finance.token, `/${other}/disable`, { method: 'POST', body: { reason: REASON } });
    expect(twice.status).toBe(409);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.disable' AND entity_id = ?", other)).toBe(1);
    const late = await registeredUser();
    const refused = await redeem(late.tokens.token, other);
    expect([refused.status, await messageOf(refused)]).toEqual([409, `COUPON_EXPIRED: ${other}`]);
    expect((await admin(finance.token, '/NOSUCHCODE1', { method: 'PATCH', body: { quota: 3, reason: REASON } })).status).toBe(404);
  });

  it('several codes disabled at once (a bulk action): one audit entry per code stopped, the ones already stopped left as they were', async () => {
    const finance = await staffMember(['finance']);
    const codes = await Promise.all([1, 2, 3].map(async () => (await create(finance.token, {})).code));
    expect((await admin(finance.token, `/${codes[0]}/disable`, { method: 'POST', body: { reason: REASON } })).status).toBe(200);
    const res = await admin(finance.token, '/disable', { method: 'POST', body: { codes: [...codes, codes[1], 'NOSUCHCODE1'], reason: 'Leaked list' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { disabled: string[] }).disabled).toEqual([codes[1], codes[2]]);
    for (const code of codes) expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.disable' AND entity_id = ?", code)).toBe(1);
    expect((await admin(finance.token, '/disable', { method: 'POST', body: { codes: [], reason: REASON } })).status).toBe(400);
    const support = await staffMember(['support']);
    expect((await admin(support.token, '/disable', { method: 'POST', body: { codes, reason: REASON } })).status).toBe(403);
  });

  it('the quota lowered while 20 customers redeem in parallel: never more uses than the quota', async () => {
    const finance = await staffMember(['finance']);
    const { code } = await create(finance.token, { quota: 20 });
    const users = await Promise.all(Array.from({ length: 20 }, () => registeredUser()));
    const edits = [12, 8, 15].map((quota) => admin(finance.token, `/${code}`, { method: 'PATCH', body: { quota, reason: REASON } }));
    const answers = await Promise.all([...users.map((u) => redeem(u.tokens.token, code)), ...edits]);
    const redeemed = answers.slice(0, 20).filter((r) => r.status === 200).length;
    const row = await env.DB.prepare('SELECT quota FROM coupons WHERE code = ?').bind(code).first<{ quota: number }>();
    const uses = await count('SELECT COUNT(*) AS n FROM coupon_redemptions WHERE code = ?', code);
    expect(uses).toBe(redeemed);
    expect(uses).toBeLessThanOrEqual(row?.quota ?? 0);
    // Every edit made is audited, every refused one is not.
    const made = answers.slice(20).filter((r) => r.status === 200).length;
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.edit' AND entity_id = ?", code)).toBe(made);
  });

  it('uses: who, when, which payment', async () => {
    const finance = await staffMember(['finance']);
    const { code } = await create(finance.token, {});
    const user = await registeredUser();
    const answer = (await (await redeem(user.tokens.token, code)).json()) as { transaction: { id: string } };
    const detail = CouponDetail.parse(await (await admin(finance.token, `/${code.toLowerCase()}`)).json());
    expect(detail.coupon.uses).toBe(1);
    expect(detail.uses).toEqual([expect.objectContaining({ user_id: user.id, email: user.email, transaction_id: answer.transaction.id, state: 'accepted', method: 'coupon', amount: 0, currency: 'MAD' })]);
    expect((await admin(finance.token, '/NOSUCHCODE1')).status).toBe(404);
  });
});

describe('batches', () => {
  it('50 codes with a prefix, listed, as a CSV with a BOM; audited once', async () => {
    const finance = await staffMember(['finance']);
    const res = await admin(finance.token, '/batches', { method: 'POST', body: { count: 50, prefix: 'ramadan', kind: 'percent', value: 100, reason: REASON } });
    expect(res.status).toBe(201);
    const made = BatchMade.parse(await res.json());
    expect(made.batch).toMatchObject({ prefix: 'RAMADAN', count: 50, quota: 1, used: 0, created_by: finance.email });
    const file = await admin(finance.token, made.csv.replace('/admin/coupons', ''));
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('code,kind,value,currency,starts_at,ends_at,quota,uses\r\n')).toBe(true);
    const codes = text.trim().split('\r\n').slice(1).map((line) => line.split(',')[0] ?? '');
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^RAMADAN-[A-Z2-9]{10}$/);
    const listed = CouponList.parse(await (await admin(finance.token, `/?batch=${made.batch.id}&limit=200`)).json());
    expect(listed.coupons).toHaveLength(50);
    const batches = BatchList.parse(await (await admin(finance.token, '/batches')).json());
    expect(batches.batches.map((b) => b.id)).toContain(made.batch.id);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.batch' AND entity_id = ?", made.batch.id)).toBe(1);
    const tooMany = await admin(finance.token, '/batches', { method: 'POST', body: { count: 10_001, kind: 'percent', value: 100, reason: REASON } });
    expect(tooMany.status).toBe(400);
  });

  it('20 batches generated in parallel: every code unique, every batch complete', async () => {
    const finance = await staffMember(['finance']);
    // A two-letter random part would collide at once: the real one is ten characters, so collisions are made by the prefix only.
    const answers = await Promise.all(Array.from({ length: 20 }, () => admin(finance.token, '/batches', { method: 'POST', body: { count: 500, prefix: 'PAR', kind: 'days', value: 7, reason: REASON } })));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const ids = await Promise.all(answers.map(async (r) => BatchMade.parse(await r.json()).batch.id));
    const rows = await env.DB.prepare(`SELECT COUNT(*) AS n, COUNT(DISTINCT code) AS d FROM coupons WHERE batch_id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(ids)).first<{ n: number; d: number }>();
    expect(rows).toEqual({ n: 10_000, d: 10_000 });
  });

  it('10,000 codes in one batch', async () => {
    const finance = await staffMember(['finance']);
    const res = await admin(finance.token, '/batches', { method: 'POST', body: { count: 10_000, kind: 'percent', value: 50, reason: REASON } });
    expect(res.status).toBe(201);
    const { batch } = BatchMade.parse(await res.json());
    expect(await count('SELECT COUNT(*) AS n FROM coupons WHERE batch_id = ?', batch.id)).toBe(10_000);
  });
});
