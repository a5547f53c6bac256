// Bulk actions on customers (issue 32): each account changed as its single action does it and
// audited on its own with the reason, refusals listed per account, the permission and the reason
// checked, and exactly one change per account under 20 parallel bulk requests.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, messageOf, register, registeredUser } from '../../../test/accounts';
import { BulkAnswer } from './schemas';
import { auditOf, callConsole, staffMember, type StaffMember } from './testing';

const bulk = (staff: StaffMember | undefined, body: unknown) => callConsole('/bulk', { ...(staff ? { staff } : {}), method: 'POST', body });
const okBulk = async (staff: StaffMember, body: unknown) => {
  const res = await bulk(staff, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return BulkAnswer.parse(await res.json());
};
const active = async (id: string) => (await env.DB.prepare('SELECT is_active FROM users WHERE id = ?1').bind(id).first<{ is_active: number }>())?.is_active;

describe('POST /admin/customers/bulk', () => {
  it('suspends each account once with the reason, lists the refused ones, then reinstates them', async () => {
    const [support, a, b, admin] = await Promise.all([staffMember('support'), registeredUser(), registeredUser(), staffMember('administrator')]);
    const first = await okBulk(support, { action: 'suspend', user_ids: [a.id, b.id, a.id, 'nobody', admin.id, support.id], reason: 'Card testing ring' });
    expect(first.done).toEqual([a.id, b.id]);
    expect(first.refused).toEqual([
      { userId: 'nobody', code: 'USER_NOT_FOUND' },
      { userId: admin.id, code: 'STAFF_ACCOUNT' },
      { userId: support.id, code: 'OWN_ACCOUNT' },
    ]);
    expect([await active(a.id), await active(b.id)]).toEqual([0, 0]);
    expect((await callApi('/auth/user', { token: a.tokens.token })).status).toBe(403);
    const again = await okBulk(support, { action: 'suspend', user_ids: [a.id], reason: 'Card testing ring' });
    expect(again.refused).toEqual([{ userId: a.id, code: 'ALREADY_SUSPENDED' }]);

    expect((await okBulk(support, { action: 'reinstate', user_ids: [a.id, b.id], reason: 'Cleared by the bank' })).done).toEqual([a.id, b.id]);
    for (const user of [a, b]) {
      expect((await auditOf(user.id)).map((e) => [e.action, e.reason, e.staff_id])).toEqual([
        ['customer.suspend', 'Card testing ring', support.id],
        ['customer.reinstate', 'Cleared by the bank', support.id],
      ]);
    }
  });

  it('signs every device out and resends verifications, each audited', async () => {
    const [support, a, b] = await Promise.all([staffMember('support'), registeredUser(), register()]);
    const out = await okBulk(support, { action: 'sign-out', user_ids: [a.id], reason: 'Shared password leaked' });
    expect(out).toEqual({ action: 'sign-out', done: [a.id], refused: [] });
    expect((await callApi('/auth/user', { token: a.tokens.token })).status).toBe(401);
    const sent = await okBulk(support, { action: 'resend-verification', user_ids: [b.id], reason: 'Says the first code never came' });
    expect(sent.done).toEqual([b.id]);
    expect((await auditOf(a.id)).map((e) => e.action)).toEqual(['customer.sign_out']);
    expect((await auditOf(b.id)).map((e) => e.action)).toEqual(['customer.verification_resend']);
  });

  it('20 parallel bulk suspensions of the same accounts: each account suspended and audited once', async () => {
    const support = await staffMember('support');
    const users = await Promise.all(Array.from({ length: 3 }, () => registeredUser()));
    const ids = users.map((u) => u.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => okBulk(support, { action: 'suspend', user_ids: ids, reason: 'Card testing ring' })));
    expect(answers.flatMap((a) => a.done).sort()).toEqual([...ids].sort());
    expect(answers.flatMap((a) => a.refused).length).toBe(20 * 3 - 3);
    for (const id of ids) expect((await auditOf(id)).map((e) => e.action)).toEqual(['customer.suspend']);
  });

  it('needs customers.act (401, 403), a reason, a known action and 1 to 100 accounts, writing nothing otherwise', async () => {
    const [support, finance, user] = await Promise.all([staffMember('support'), staffMember('finance'), registeredUser()]);
    const body = { action: 'suspend', user_ids: [user.id], reason: 'Card testing ring' };
    expect((await bulk(undefined, body)).status).toBe(401);
    const forbidden = await bulk(finance, body);
    expect([forbidden.status, await messageOf(forbidden)]).toEqual([403, 'STAFF_FORBIDDEN: customers.act']);
    const noReason = await bulk(support, { ...body, reason: ' ' });
    expect([noReason.status, await messageOf(noReason)]).toEqual([400, 'REASON_REQUIRED: reason']);
    for (const bad of [{ ...body, action: 'delete' }, { ...body, user_ids: [] }, { ...body, user_ids: Array.from({ length: 101 }, (_, i) => `u${i}`) }, { ...body, user_ids: ['a b'] }]) {
      expect((await bulk(support, bad)).status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(await active(user.id)).toBe(1);
    expect(await auditOf(user.id)).toEqual([]);
  });
});
