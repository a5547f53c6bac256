// Cash reconciliation in the back office (issue 32), through /admin/reconciliation: vouchers by day,
// cash per agency, agents' collections and mobile payments against the networks' confirmations, the
// differences (paid there not settled here, settled here unconfirmed, amounts that differ), CSV,
// permissions, and the query plans and time at 100,000 vouchers.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, messageOf, registeredUser } from '../../../test/accounts';
import { staffMember } from '../../../test/staff';
import { SANDBOX_AGENCY } from '../providers/sandbox';
import { deliver, payAtAgency, signedSandboxCallback, startCheckout } from '../testing';
import { DISAGREE_SQL, VOUCHERS_SQL } from './queries';
import { DifferenceList, Summary } from './schemas';

const PLAN_3_MONTHS = 5;
const admin = (token: string, path: string) => callApi(`/admin/reconciliation${path}`, { headers: { 'x-staff-session': token } });
const summaryOf = async (token: string, query: string) => Summary.parse(await (await admin(token, `/?${query}`)).json());
const differencesOf = async (token: string, query: string) => DifferenceList.parse(await (await admin(token, `/differences?${query}`)).json());
const voucherRef = async (id: string) => (await env.DB.prepare('SELECT voucher_ref FROM transactions WHERE id = ?').bind(id).first<{ voucher_ref: string }>())?.voucher_ref ?? '';

/** A day of its own for a test (far in the future, so no other test's payments fall on it). */
const ownDay = () => new Date(Date.UTC(2040 + Math.floor(Math.random() * 50), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28))).toISOString().slice(0, 10);

type Tx = { method: string; state: string; amount: number; currency?: string; agent?: string | null; at: string };
async function insertTx(userId: string, tx: Tx): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, state, created_at, updated_at, voucher_ref, agent_id) VALUES (?, ?, ?, 'subscribe', 'sandbox', ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(id, userId, PLAN_3_MONTHS, tx.method, tx.amount, tx.currency ?? 'MAD', tx.state, tx.at, tx.at, tx.method === 'cash' ? String(Math.floor(Math.random() * 1e12)).padStart(12, '0') : null, tx.agent ?? null)
    .run();
  return id;
}
async function confirm(txId: string, method: string, amount: number, at: string, agency: string | null = null, currency = 'MAD') {
  await env.DB.prepare('INSERT INTO network_confirmations (provider, event_id, transaction_id, provider_ref, method, agency, amount, currency, confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .bind('sandbox', crypto.randomUUID(), txId, null, method, agency, amount, currency, at)
    .run();
}

describe('permissions', () => {
  it('401 without a session; support is refused (403); finance reads', async () => {
    expect((await admin('no-such-session-token-0000000000000000000', '/')).status).toBe(401);
    const support = await staffMember(['support']);
    for (const path of ['/', '/differences', '/?format=csv', '/differences?format=csv']) {
      const res = await admin(support.token, path);
      expect(res.status, path).toBe(403);
      expect(await messageOf(res)).toBe('STAFF_FORBIDDEN: reconciliation.read');
    }
    const finance = await staffMember(['finance']);
    expect((await admin(finance.token, '/')).status).toBe(200);
    const long = await admin(finance.token, '/?from=2026-01-01&to=2026-06-01');
    expect([long.status, await messageOf(long)]).toEqual([400, 'RECON_RANGE_INVALID: from before to, at most 92 days']);
    expect((await admin(finance.token, '/?from=2026-13-01')).status).toBe(400);
  });
});

describe('the tables of a day', () => {
  it('vouchers issued, paid, expired and waiting per currency; cash per agency; agents against confirmations; mobile; differences', async () => {
    const finance = await staffMember(['finance']);
    const user = await registeredUser();
    const agent = await registeredUser();
    await env.DB.prepare("INSERT INTO agents (user_id, name, active, created_at) VALUES (?, 'Agence Derb Omar', 1, '2026-01-01T00:00:00.000Z')").bind(agent.id).run();
    const day = ownDay();
    const at = (h: number) => `${day}T${String(h).padStart(2, '0')}:00:00.000Z`;
    const paid = await insertTx(user.id, { method: 'cash', state: 'accepted', amount: 15900, at: at(9) });
    await confirm(paid, 'cash', 15900, at(10), 'AG-CASA-1');
    const paidEur = await insertTx(user.id, { method: 'cash', state: 'accepted', amount: 1500, currency: 'EUR', at: at(9) });
    await confirm(paidEur, 'cash', 1500, at(11), 'AG-RABAT-2', 'EUR');
    await insertTx(user.id, { method: 'cash', state: 'expired', amount: 4900, at: at(8) });
    await insertTx(user.id, { method: 'cash', state: 'pending', amount: 2500, at: at(7) });
    // Paid at the agency after it expired here.
    const late = await insertTx(user.id, { method: 'cash', state: 'expired', amount: 2500, at: at(6) });
    await confirm(late, 'cash', 2500, at(12), 'AG-CASA-1');
    // Settled here, never confirmed by the network.
    const unconfirmed = await insertTx(user.id, { method: 'agent', state: 'accepted', amount: 4900, agent: agent.id, at: at(5) });
    const agentOk = await insertTx(user.id, { method: 'agent', state: 'accepted', amount: 15900, agent: agent.id, at: at(5) });
    await confirm(agentOk, 'agent', 15900, at(6), 'AG-CASA-1');
    await insertTx(user.id, { method: 'agent', state: 'pending', amount: 2500, agent: agent.id, at: at(5) });
    // Confirmed for another amount.
    const mobile = await insertTx(user.id, { method: 'mobile', state: 'accepted', amount: 2500, at: at(4) });
    await confirm(mobile, 'mobile', 2000, at(4));
    await insertTx(user.id, { method: 'mobile', state: 'failed', amount: 2500, at: at(4) });

    const s = await summaryOf(finance.token, `from=${day}&to=${day}`);
    expect(s.vouchers).toEqual([
      { day, currency: 'EUR', issued: 1, issued_amount: 1500, paid: 1, paid_amount: 1500, expired: 0, expired_amount: 0, waiting: 0, waiting_amount: 0, cancelled: 0 },
      { day, currency: 'MAD', issued: 4, issued_amount: 25800, paid: 1, paid_amount: 15900, expired: 2, expired_amount: 7400, waiting: 1, waiting_amount: 2500, cancelled: 0 },
    ]);
    expect(s.agencies).toEqual([
      { day, agency: 'AG-CASA-1', currency: 'MAD', paid: 2, amount: 18400 },
      { day, agency: 'AG-RABAT-2', currency: 'EUR', paid: 1, amount: 1500 },
    ]);
    expect(s.agents).toEqual([{ day, agent_id: agent.id, agent_name: 'Agence Derb Omar', currency: 'MAD', collected: 3, collected_amount: 23300, confirmed: 1, confirmed_amount: 15900, waiting: 1 }]);
    expect(s.mobile).toEqual([{ day, currency: 'MAD', started: 2, accepted: 1, accepted_amount: 2500, failed: 1, confirmed: 1, confirmed_amount: 2000 }]);
    expect(s.differences).toBe(3);

    const d = await differencesOf(finance.token, `from=${day}&to=${day}`);
    expect(d.differences.map((x) => [x.kind, x.transaction_id])).toEqual([
      ['paid_not_settled', late],
      ['settled_unconfirmed', unconfirmed],
      ['amount_differs', mobile],
    ]);
    expect(d.differences[2]).toMatchObject({ amount: 2500, network_amount: 2000, currency: 'MAD', email: user.email });
    expect((await differencesOf(finance.token, `from=${day}&to=${day}&kind=paid_not_settled`)).differences.map((x) => x.transaction_id)).toEqual([late]);
    expect((await differencesOf(finance.token, `from=${day}&to=${day}&method=agent`)).differences.map((x) => x.transaction_id)).toEqual([unconfirmed]);
    const page = await differencesOf(finance.token, `from=${day}&to=${day}&limit=2`);
    expect([page.differences.length, page.next_offset]).toEqual([2, 2]);

    const file = await admin(finance.token, `/differences?from=${day}&to=${day}&format=csv`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe('kind,transaction_id,method,state,created_at,voucher_ref,agent_id,email,amount,currency,network_amount,network_currency,agency,confirmed_at');
    expect(lines).toHaveLength(4);
    const agencies = new TextDecoder().decode(await (await admin(finance.token, `/?from=${day}&to=${day}&format=csv&part=agencies`)).arrayBuffer());
    expect(agencies.trim().split('\r\n')).toEqual(['day,agency,currency,paid,amount', `${day},AG-CASA-1,MAD,2,18400`, `${day},AG-RABAT-2,EUR,1,1500`]);
  });
});

describe('the networks confirmations, recorded as they arrive', () => {
  it('a voucher paid at the sandbox agency: its confirmation with the agency, no difference; one cancelled here then paid: listed; another amount: listed', async () => {
    const finance = await staffMember(['finance']);
    const user = await registeredUser();
    const today = new Date().toISOString().slice(0, 10);
    const paid = await startCheckout(user.tokens.token, PLAN_3_MONTHS, { method: 'cash', currency: 'MAD' });
    expect((await payAtAgency(await voucherRef(paid.transaction.id))).status).toBe(200);
    const row = await env.DB.prepare('SELECT method, agency, amount, currency FROM network_confirmations WHERE transaction_id = ?').bind(paid.transaction.id).first();
    expect(row).toEqual({ method: 'cash', agency: SANDBOX_AGENCY, amount: 15900, currency: 'MAD' });

    // Another customer cancels their voucher here; the network still takes the cash for it.
    const other = await registeredUser();
    const cancelled = await startCheckout(other.tokens.token, PLAN_3_MONTHS, { method: 'cash', currency: 'MAD' });
    const ref = await env.DB.prepare('SELECT provider_ref FROM transactions WHERE id = ?').bind(cancelled.transaction.id).first<{ provider_ref: string }>();
    await env.DB.prepare("UPDATE transactions SET state = 'expired' WHERE id = ?").bind(cancelled.transaction.id).run();
    const callback = await signedSandboxCallback({ id: `evt_${crypto.randomUUID()}`, type: 'payment.accepted', transactionId: cancelled.transaction.id, providerRef: ref?.provider_ref ?? '', money: { amount: 15000, currency: 'MAD' } });
    expect((await deliver(callback)).status).toBe(200);
    // Replayed: one confirmation.
    expect((await deliver(callback)).status).toBe(200);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM network_confirmations WHERE transaction_id = ?').bind(cancelled.transaction.id).first<{ n: number }>())?.n).toBe(1);

    const d = await differencesOf(finance.token, `from=${today}&to=${today}&limit=200`);
    const ids = d.differences.map((x) => x.transaction_id);
    expect(ids).not.toContain(paid.transaction.id);
    expect(d.differences.find((x) => x.transaction_id === cancelled.transaction.id)).toMatchObject({ kind: 'amount_differs', amount: 15900, network_amount: 15000, agency: null });
  });
});

describe('at 100,000 vouchers', () => {
  it('the day tables and the differences read the index alone and answer quickly, for a day and for a month', async () => {
    const finance = await staffMember(['finance']);
    const user = await registeredUser();
    // 100 days of 1,000 vouchers each, from a day of this test's own.
    const first = ownDay();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
       INSERT INTO transactions (id, user_id, plan_id, purpose, provider, method, amount, currency, state, created_at, updated_at, voucher_ref)
       SELECT lower(hex(randomblob(16))), ?1, 5, 'subscribe', 'sandbox', 'cash', 15900, 'MAD', CASE i % 3 WHEN 0 THEN 'accepted' WHEN 1 THEN 'expired' ELSE 'pending' END,
              strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+' || (i / 1000) || ' days', '+' || ((i % 1000) * 80) || ' seconds'), ?2 || 'T00:00:00.000Z', printf('%012d', i) FROM n`,
    )
      .bind(user.id, first)
      .run();
    const plan = async (sql: string, ...args: (string | null)[]) => (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind('a', 'b', ...args).all<{ detail: string }>()).results.map((r) => r.detail).join(' | ');
    expect(await plan(VOUCHERS_SQL)).toMatch(/^SEARCH t USING COVERING INDEX transactions_method_day \(method=\? AND created_at>\? AND created_at<\?\)/);
    expect(await plan(`SELECT COUNT(*) ${DISAGREE_SQL}`, null, null)).toMatch(/SEARCH t USING COVERING INDEX transactions_method_day/);
    const day = (offset: number) => new Date(Date.parse(first) + offset * 86_400_000).toISOString().slice(0, 10);
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const started = Date.now();
      const value = await work();
      return [value, Date.now() - started];
    };
    const [one, oneMs] = await timed(() => summaryOf(finance.token, `from=${day(10)}&to=${day(10)}`));
    expect(one.vouchers).toEqual([{ day: day(10), currency: 'MAD', issued: 1000, issued_amount: 15_900_000, paid: 333, paid_amount: 333 * 15900, expired: 334, expired_amount: 334 * 15900, waiting: 333, waiting_amount: 333 * 15900, cancelled: 0 }]);
    const [month, monthMs] = await timed(() => summaryOf(finance.token, `from=${day(0)}&to=${day(30)}`));
    expect(month.vouchers).toHaveLength(31);
    expect(month.vouchers.reduce((sum, v) => sum + v.issued, 0)).toBe(31_000);
    const [page, pageMs] = await timed(() => differencesOf(finance.token, `from=${day(0)}&to=${day(30)}`));
    expect(page.differences).toHaveLength(50);
    // Every paid voucher (i % 3 = 0) has no confirmation here: settled but unconfirmed.
    expect(month.differences).toBe(10_334);
    // On this shared machine, in the test runtime: far above what a request takes, far below a scan of the table.
    for (const ms of [oneMs, monthMs, pageMs]) expect(ms).toBeLessThan(1500);
  });
});
