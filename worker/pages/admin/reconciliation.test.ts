// The reconciliation's console page (issue 32) through the whole worker: today's voucher shown, the
// differences listed, CSV downloads, 403 without reconciliation.read, Arabic right to left.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { registeredUser } from '../../test/accounts';
import { call, en, html, type Jar } from '../../test/site';
import { staffMember } from '../../test/staff';

const jarOf = async (roles: string[]): Promise<Jar> => new Map([['staff', (await staffMember(roles)).token]]);

describe('the reconciliation page', () => {
  it('403 for support; finance sees the day of a voucher, a difference, and downloads the CSVs; Arabic right to left', async () => {
    const support = await jarOf(['support']);
    for (const path of ['/admin/reconciliation', '/admin/reconciliation.csv', '/admin/reconciliation/differences.csv']) expect((await call(path, {}, support)).res.status, path).toBe(403);

    const finance = await jarOf(['finance']);
    const user = await registeredUser();
    const day = '2039-03-14';
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, state, created_at, updated_at, voucher_ref) VALUES (?, ?, 5, 'subscribe', 'sandbox', 'cash', 15900, 'MAD', 'accepted', ?, ?, '123456789012')",
    )
      .bind(id, user.id, `${day}T10:00:00.000Z`, `${day}T10:00:00.000Z`)
      .run();
    const { res, html: page } = await call(`/admin/reconciliation?from=${day}&to=${day}`, {}, finance);
    expect(res.status).toBe(200);
    expect(page).toContain(html(en('ADMIN_RECON_VOUCHERS')));
    expect(page).toContain('14/03/2039');
    expect(page).toContain('123456789012');
    expect(page).toContain(html(en('ADMIN_RECON_KIND_SETTLED_UNCONFIRMED')));
    expect(page).toContain(html(en('ADMIN_RECON_MOBILE_EMPTY')));
    const csv = await call(`/admin/reconciliation.csv?from=${day}&to=${day}&part=vouchers`, {}, finance);
    expect(csv.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.html.trim().split('\r\n')[1]).toBe(`${day},MAD,1,15900,1,15900,0,0,0,0,0`);
    const differences = await call(`/admin/reconciliation/differences.csv?from=${day}&to=${day}`, {}, finance);
    expect(differences.html).toContain(`settled_unconfirmed,${id},cash`);
    const ar = await call(`/admin/reconciliation?from=${day}&to=${day}&lang=ar`, {}, finance);
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.html).toContain('مطابقة المدفوعات النقدية');
    const today = await call('/admin/reconciliation', {}, finance);
    expect(today.res.status).toBe(200);
    expect(today.html).toContain(`value="${new Date().toISOString().slice(0, 10)}"`);
  });
});
