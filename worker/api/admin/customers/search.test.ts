// The customer search (issue 32): one box that recognises what support was given, finds the account
// by each kind of reference, answers what matched, and reads every table through an index.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCustomerQuery } from '../../../rules/customer-search';
import { shortCode } from '../../../rules/eticket';
import { groupDigits } from '../../../rules/payment-methods';
import { CustomerSearch, TIMELINE_SOURCES } from './schemas';
import { ACCOUNTS_SQL, lookups } from './search';
import { callConsole, customerStory, staffMember, type StaffMember, type Story } from './testing';
import { sourceQuery } from './timeline';

let story: Story;
let support: StaffMember;

beforeAll(async () => {
  [story, support] = await Promise.all([customerStory(), staffMember('support')]);
}, 120_000);

const search = async (q: string, staff: StaffMember = support) => {
  const res = await callConsole(`/search?q=${encodeURIComponent(q)}`, { staff });
  expect(res.status, await res.clone().text()).toBe(200);
  return CustomerSearch.parse(await res.json());
};

describe('GET /admin/customers/search', () => {
  it('finds the customer by each kind of reference and says what matched', async () => {
    const cases: [string, string, string][] = [
      ['email', story.email, story.email],
      ['email', story.email.slice(0, 20), story.email],
      ['phone', `0${story.phone.slice(4)}`, story.phone],
      ['phone', story.phone, story.phone],
      ['name', `zineb ${story.lastName.toLowerCase()}`, `Zineb ${story.lastName}`],
      ['name', story.lastName.toUpperCase(), story.lastName],
      ['account_id', story.id, story.id],
      ['transaction_id', story.transactionId, story.transactionId],
      ['order_id', story.orderId, story.orderId],
      ['invoice', `TAF-${story.invoice.issuedAt.slice(0, 4)}-${String(story.invoice.number).padStart(6, '0')}`, String(story.invoice.number)],
      ['voucher', groupDigits(story.voucherRef), story.voucherRef],
      ['provider_ref', story.providerRef, story.providerRef],
      ['contact_ticket', story.ticket.toLowerCase(), story.ticket],
      ['eticket', shortCode(story.eticketId), shortCode(story.eticketId).replaceAll('-', '')],
      ['eticket_id', story.eticketId, story.eticketId],
      ['library_card', story.cardNumber, story.cardNumber],
    ];
    for (const [kind, typed, value] of cases) {
      const found = await search(typed);
      const account = found.accounts.find((a) => a.id === story.id);
      expect(account, `${kind}: ${typed} → ${JSON.stringify(found)}`).toBeDefined();
      expect(account?.matched, `${kind}: ${typed}`).toContainEqual({ kind, value });
    }
    const [hit] = (await search(story.email)).accounts;
    expect(hit).toMatchObject({ id: story.id, email: story.email, phone: story.phone, name: `Zineb ${story.lastName}`, active: true, subscription: { premium: true, planId: 1, cancelled: false } });
  });

  it('answers the readings it tried, and nothing for what matches no one', async () => {
    expect((await search('TFJ-ZZZZZZ')).readings).toContain('contact_ticket');
    expect((await search('TAF-2026-999999')).accounts).toEqual([]);
    expect((await search('   ')).accounts).toEqual([]);
    expect(readCustomerQuery('TAF-2026-000042')).toContainEqual({ kind: 'invoice', number: 42 });
    expect(readCustomerQuery('4821 0937 5512')).toContainEqual({ kind: 'voucher', reference: '482109375512' });
    expect(readCustomerQuery('06 12 34 56 78')).toContainEqual({ kind: 'phone', prefix: '+212612345678' });
    expect(readCustomerQuery('A1b2-c3D4-e5')).toContainEqual({ kind: 'eticket', code: 'A1B2C3D4E5' });
    expect(readCustomerQuery('Amina El Idrissi')).toEqual([{ kind: 'name', words: ['amina', 'el', 'idrissi'] }]);
  });

  it('is for staff who may read customers: 401 without a console session, 403 without the permission, 400 for a query too long', async () => {
    expect((await callConsole('/search?q=a')).status).toBe(401);
    const editor = await staffMember('catalogue');
    const refused = await callConsole('/search?q=a', { staff: editor });
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([403, 'STAFF_FORBIDDEN: customers.read']);
    expect((await callConsole(`/search?q=${'a'.repeat(201)}`, { staff: support })).status).toBe(400);
  });

  it('reads every table through an index: each lookup, the accounts and each source of the timeline (no table scan)', async () => {
    const plan = async (query: { sql: string; args: unknown[] }): Promise<string[]> =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).bind(...query.args).all<{ detail: string }>()).results.map((r) => r.detail);
    // A table read whole: "SCAN users", never "SCAN ids" (the ids given) or a subquery's rows.
    const scans = (details: string[]) => details.filter((d) => /^SCAN (?!ids\b|\(subquery|CONSTANT ROW)/.test(d));
    const typed = ['someone@example.com', '0612345678', 'zineb qadiri', 'Qadiri', story.id, 'TAF-2026-000042', '4821 0937 5512', 'sbx_12345abc', 'TFJ-4K7QZP', 'A1B2-C3D4-E5', '1002 0030 0'];
    for (const reading of typed.flatMap(readCustomerQuery)) {
      for (const lookup of lookups(reading)) {
        const details = await plan(lookup);
        expect(scans(details), `${reading.kind}: ${lookup.sql} → ${details.join(' | ')}`).toEqual([]);
      }
    }
    expect(scans(await plan({ sql: ACCOUNTS_SQL, args: [JSON.stringify([story.id])] }))).toEqual([]);
    for (const source of TIMELINE_SOURCES) {
      const details = await plan(sourceQuery(source, { userId: story.id, email: story.email, phone: story.phone }, null, 51));
      expect(scans(details), `${source}: ${details.join(' | ')}`).toEqual([]);
    }
  });
});
