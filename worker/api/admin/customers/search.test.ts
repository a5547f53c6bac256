// The customer search (issue 32): one box that recognises what support was given, finds the account
// by each kind of reference, answers what matched, and reads every table through an index.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { readCustomerQuery } from '../../../rules/customer-search';
import { shortCode } from '../../../rules/eticket';
import { groupDigits } from '../../../rules/payment-methods';
import { CUSTOMER_SORTS, CustomerSearch, TIMELINE_SOURCES, type CustomerFilters } from './schemas';
import { countQuery, lookups, pageQuery } from './search';
import { accountsByEmail, callConsole, customerStory, staffMember, type StaffMember, type Story } from './testing';
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
    // The page and the count of the accounts found: in every order, with every filter, read by primary key.
    const ids = [story.id, crypto.randomUUID()];
    const filterSets: CustomerFilters[] = [{}, { status: 'suspended' }, { standing: 'premium' }, { standing: 'free', status: 'active', from: '2026-01-01', to: '2026-12-31' }];
    for (const filters of filterSets) {
      const count = await plan(countQuery(ids, filters, '2026-06-01'));
      expect(scans(count), `count ${JSON.stringify(filters)}: ${count.join(' | ')}`).toEqual([]);
      for (const sort of CUSTOMER_SORTS) {
        const page = await plan(pageQuery(ids, { sort, filters, page: 3, limit: 25 }, '2026-06-01'));
        expect(scans(page), `${sort} ${JSON.stringify(filters)}: ${page.join(' | ')}`).toEqual([]);
      }
    }
    for (const source of TIMELINE_SOURCES) {
      const details = await plan(sourceQuery(source, { userId: story.id, email: story.email, phone: story.phone }, null, 51));
      expect(scans(details), `${source}: ${details.join(' | ')}`).toEqual([]);
    }
  });
});

describe('GET /admin/customers/search: sorted, filtered, paged', () => {
  const prefix = `pg${crypto.randomUUID().slice(0, 8)}`;
  /** Twelve accounts: created on days in another order than their emails'; every third suspended, every other premium. */
  const made: { id: string; email: string; day: string; active: boolean; premium: boolean }[] = [];
  beforeAll(async () => {
    const shape = (i: number) => ({ createdAt: `2026-01-${String(((i * 5) % 12) + 1).padStart(2, '0')}T10:00:00.000Z`, active: i % 3 !== 0, premium: i % 2 === 0 });
    const ids = await accountsByEmail(prefix, 12, shape);
    ids.forEach((id, i) => made.push({ id, email: `${prefix}-${String(i).padStart(3, '0')}@example.com`, day: shape(i).createdAt.slice(0, 10), active: shape(i).active, premium: shape(i).premium }));
  });

  const page = async (params: string) => {
    const res = await callConsole(`/search?q=${prefix}&${params}`, { staff: support });
    expect(res.status, await res.clone().text()).toBe(200);
    return CustomerSearch.parse(await res.json());
  };
  const emails = (found: CustomerSearch) => found.accounts.map((a) => a.email);

  it('pages through every account found, in the order asked, with the pages before and after', async () => {
    const first = await page('sort=email&limit=5');
    expect(first).toMatchObject({ sort: 'email', page: 1, pageSize: 5, total: 12, capped: false, previous: null, next: 2 });
    const second = await page('sort=email&limit=5&page=2');
    const last = await page('sort=email&limit=5&page=3');
    expect([second.previous, second.next, last.previous, last.next]).toEqual([1, 3, 2, null]);
    expect([...emails(first), ...emails(second), ...emails(last)]).toEqual(made.map((m) => m.email));

    const byDay = [...made].sort((a, b) => (a.day < b.day ? -1 : 1)).map((m) => m.email);
    expect(emails(await page('sort=oldest&limit=12'))).toEqual(byDay);
    expect(emails(await page('sort=newest&limit=12'))).toEqual([...byDay].reverse());
    // What matched first comes first: here the email index's order.
    expect(emails(await page('limit=12'))).toEqual(made.map((m) => m.email));
    // Past the last page: nothing, and the way back to the last one.
    expect(await page('limit=5&page=9')).toMatchObject({ accounts: [], total: 12, previous: 3, next: null });
  });

  it('filters the accounts found by status, standing and creation day, and counts what passes', async () => {
    const expectFound = async (params: string, keep: (m: (typeof made)[number]) => boolean) => {
      const found = await page(`${params}&sort=email&limit=50`);
      expect(emails(found), params).toEqual(made.filter(keep).map((m) => m.email));
      expect(found.total, params).toBe(made.filter(keep).length);
    };
    await expectFound('status=suspended', (m) => !m.active);
    await expectFound('status=active&standing=free', (m) => m.active && !m.premium);
    await expectFound('standing=premium', (m) => m.premium);
    await expectFound('from=2026-01-04&to=2026-01-08', (m) => m.day >= '2026-01-04' && m.day <= '2026-01-08');
    expect((await page('from=2027-01-01')).accounts).toEqual([]);
  });

  it('says when the lookups stopped at their bound: the count is a floor and the pages cover what was found', async () => {
    const many = `cap${crypto.randomUUID().slice(0, 8)}`;
    await accountsByEmail(many, 205, (i) => ({ createdAt: `2026-02-01T00:00:${String(i % 60).padStart(2, '0')}.000Z` }));
    const res = await callConsole(`/search?q=${many}`, { staff: support });
    const found = CustomerSearch.parse(await res.json());
    expect(found).toMatchObject({ total: 200, capped: true, page: 1, pageSize: 25, next: 2 });
    expect(found.accounts).toHaveLength(25);
  });

  it('refuses what does not read: 400 for an unknown sort or filter, a page 0, a page too large, a day misspelt', async () => {
    for (const params of ['sort=random', 'status=gone', 'standing=gold', 'page=0', 'page=501', 'limit=501', 'limit=0', 'from=2026-1-1']) {
      expect((await callConsole(`/search?q=${prefix}&${params}`, { staff: support })).status, params).toBe(400);
    }
  });
});
