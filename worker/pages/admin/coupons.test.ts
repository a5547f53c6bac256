// The coupons' console pages (issue 32) through the whole worker: the list shows what the API holds,
// the forms create a coupon and a batch (audited, with their reason), the CSV downloads, a coupon's
// page shows its uses and changes its quota or disables it, refusals are worded, 403 without the permission.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, registeredUser } from '../../test/accounts';
import { call, en, html, post, type Jar } from '../../test/site';
import { staffMember } from '../../test/staff';

const jarOf = async (roles: string[]): Promise<{ jar: Jar; id: string }> => {
  const staff = await staffMember(roles);
  return { jar: new Map([['staff', staff.token]]), id: staff.id };
};
const code = () => `P${crypto.randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())?.n ?? 0;

describe('the coupons pages', () => {
  it('refuse staff without coupons.read (403) and send a visitor without a console session to sign in', async () => {
    const { jar } = await jarOf(['support']);
    for (const path of ['/admin/coupons', '/admin/coupons/ANYCODE', `/admin/coupons/batches/${crypto.randomUUID()}.csv`]) {
      const { res, html: page } = await call(path, {}, jar);
      expect(res.status, path).toBe(403);
      expect(page).toContain(html(en('ADMIN_FORBIDDEN')));
    }
    const none = await call('/admin/coupons');
    expect(none.res.status).toBe(303);
    expect(none.res.headers.get('location')).toMatch(/^\/admin\/login\?back=/);
  });

  it('create a coupon with the form: audited with its reason, listed, its page; a taken code is worded', async () => {
    const { jar, id } = await jarOf(['finance']);
    const typed = code();
    const made = await post('/admin/coupons', { intent: 'create', code: typed.toLowerCase(), kind: 'amount', value: '10,50', currency: 'MAD', plan_2: 'on', quota: '3', starts_at: '2026-01-01', ends_at: '2099-12-31', reason: 'Partner campaign' }, jar);
    expect(made.res.status).toBe(303);
    expect(made.res.headers.get('location')).toBe(`/admin/coupons/${typed}`);
    expect(await env.DB.prepare('SELECT kind, value, currency, plan_ids, quota FROM coupons WHERE code = ?').bind(typed).first()).toEqual({ kind: 'amount', value: 1050, currency: 'MAD', plan_ids: '[2]', quota: 3 });
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.create' AND entity_id = ? AND staff_id = ? AND reason = 'Partner campaign'", typed, id)).toBe(1);
    const page = await call(`/admin/coupons/${typed}`, {}, jar);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(html(en('ADMIN_COUPONS_CREATED')));
    expect(page.html).toContain(html(en('ADMIN_COUPONS_USES_EMPTY')));
    const listed = await call(`/admin/coupons?q=${typed.slice(0, 10)}`, {}, jar);
    expect(listed.html).toContain(`/admin/coupons/${typed}`);
    const again = await post('/admin/coupons', { intent: 'create', code: typed, kind: 'percent', value: '10', quota: '1', reason: 'Partner campaign' }, jar);
    expect(again.res.status).toBe(409);
    expect(again.html).toContain(html(en('ADMIN_COUPONS_ERROR_COUPON_EXISTS')));
    const empty = await call('/admin/coupons?q=ZZZNOSUCHCODE', {}, jar);
    expect(empty.html).toContain(html(en('ADMIN_COUPONS_EMPTY_FILTERED')));
  });

  it('generate a batch: its codes listed, its CSV with a BOM, audited', async () => {
    const { jar } = await jarOf(['finance']);
    const made = await post('/admin/coupons', { intent: 'batch', count: '25', prefix: 'page', kind: 'days', value: '7', quota: '1', reason: 'Event giveaway' }, jar);
    expect(made.res.status).toBe(303);
    const location = made.res.headers.get('location') ?? '';
    const batch = /batch=([0-9a-f-]{36})/.exec(location)?.[1] ?? '';
    expect(batch).not.toBe('');
    const list = await call(location, {}, jar);
    expect(list.html).toContain(html(en('ADMIN_COUPONS_BATCH_MADE_NOTE')));
    expect(list.html.match(/PAGE-[A-Z2-9]{10}/g)?.length).toBeGreaterThanOrEqual(25);
    const ctx = await call(`/admin/coupons/batches/${batch}.csv`, {}, jar);
    expect(ctx.res.status).toBe(200);
    expect(ctx.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(ctx.html.trim().split('\r\n')).toHaveLength(26);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.batch' AND entity_id = ? AND reason = 'Event giveaway'", batch)).toBe(1);
  });

  it('disable the ticked codes of the list at once (a bulk action), with a reason; none ticked is worded', async () => {
    const { jar } = await jarOf(['finance']);
    const prefix = code();
    for (const i of [1, 2, 3]) await post('/admin/coupons', { intent: 'create', code: `${prefix}${i}`, kind: 'percent', value: '10', quota: '5', reason: 'Bulk test' }, jar);
    const list = await call(`/admin/coupons?q=${prefix}`, {}, jar);
    expect(list.html).toMatch(new RegExp(`form="coupons-bulk"[^>]*name="code_${prefix}1"`));
    const none = await post(`/admin/coupons?q=${prefix}`, { intent: 'bulk', reason: 'Leaked', confirm: 'yes' }, jar);
    expect(none.res.status).toBe(400);
    expect(none.html).toContain(html(en('ADMIN_COUPONS_BULK_NONE')));
    const bulk = await post(`/admin/coupons?q=${prefix}`, { intent: 'bulk', [`code_${prefix}1`]: 'on', [`code_${prefix}3`]: 'on', reason: 'Leaked on a forum', confirm: 'yes' }, jar);
    expect(bulk.res.status).toBe(303);
    expect(bulk.res.headers.get('location')).toBe(`/admin/coupons?q=${prefix}`);
    const after = await call(bulk.res.headers.get('location') ?? '', {}, jar);
    expect(after.html).toContain(html(en('ADMIN_COUPONS_BULK_DONE', { count: 2 })));
    const rows = await env.DB.prepare('SELECT code FROM coupons WHERE code LIKE ? AND disabled_at IS NOT NULL ORDER BY code').bind(`${prefix}%`).all<{ code: string }>();
    expect(rows.results.map((r) => r.code)).toEqual([`${prefix}1`, `${prefix}3`]);
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE action = 'coupon.disable' AND entity_id LIKE ? AND reason = 'Leaked on a forum'", `${prefix}%`)).toBe(2);
  });

  it("a coupon's page: its uses, a quota below them refused, dates changed, disabled with a confirmation; Arabic right to left", async () => {
    const { jar } = await jarOf(['finance']);
    const typed = code();
    await post('/admin/coupons', { intent: 'create', code: typed, kind: 'percent', value: '100', quota: '5', reason: 'Test of uses' }, jar);
    const customer = await registeredUser();
    expect((await callApi('/payments/subscription/2', { method: 'POST', token: customer.tokens.token, body: { method: 'coupon', coupon: typed } })).status).toBe(200);
    const page = await call(`/admin/coupons/${typed}`, {}, jar);
    expect(page.html).toContain(customer.email);
    const below = await post(`/admin/coupons/${typed}`, { intent: 'edit', quota: '0', reason: 'Lower it' }, jar);
    expect(below.res.status).toBe(400);
    const lowered = await post(`/admin/coupons/${typed}`, { intent: 'edit', quota: '1', ends_at: '2098-01-31', reason: 'Campaign ends early' }, jar);
    expect(lowered.res.status).toBe(303);
    expect(await env.DB.prepare('SELECT quota, ends_at FROM coupons WHERE code = ?').bind(typed).first()).toEqual({ quota: 1, ends_at: '2098-01-31T23:59:59.999Z' });
    const disabled = await post(`/admin/coupons/${typed}`, { intent: 'disable', reason: 'Leaked on a forum', confirm: 'yes' }, jar);
    expect(disabled.res.status).toBe(303);
    const after = await call(`/admin/coupons/${typed}?lang=ar`, {}, jar);
    expect(after.html).toContain('dir="rtl"');
    expect(after.html).toContain('موقوفة');
    expect(await count("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ? AND action IN ('coupon.edit', 'coupon.disable')", typed)).toBe(2);
    expect((await call('/admin/coupons/NOSUCHCODE99', {}, jar)).res.status).toBe(404);
  });
});
