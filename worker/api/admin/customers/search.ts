// The customer search of the back office (issue 32): every reading of what was typed
// (worker/rules/customer-search.ts) looked up in its own index, in one batch; then one page of the
// accounts found, sorted and filtered, read by their primary key. Each lookup is an index search
// bounded by PER_LOOKUP rows, so the accounts found are at most MATCHES_MAX whatever the table's
// size: sorting and filtering them is sorting a few hundred rows read by key, and the pages are a
// bounded OFFSET over them (search.test.ts reads the plans: no table scan at 100,000 accounts).
import { z } from 'zod';
import { dayOf, hasActiveSubscription } from '../../../rules/subscription';
import { DEFAULT_PROFILE_NAME } from '../../../rules/profiles';
import { prefixEnd, readCustomerQuery, type CustomerQuery } from '../../../rules/customer-search';
import { MATCH_KINDS, MATCHES_MAX, type CustomerFilters, type CustomerHit, type CustomerSearch, type CustomerSort, type MatchKind } from './schemas';

/** Rows each lookup reads at most (one more tells it stopped there). */
const PER_LOOKUP = 200;

type Lookup = { sql: string; args: unknown[] };

/** The start of a text column, compared through its index: `col >= prefix AND col < end`. */
const startsWith = (column: string, n: number) => `${column} >= ?${n} AND ${column} < ?${n + 1}`;

/** The name columns of profiles with a lower() index (migration 0025); `name` skips the default name, as its index does. */
const NAME_COLUMNS = [
  ['first_name', ''],
  ['last_name', ''],
  ['username', ''],
  ['name', ` AND name != '${DEFAULT_PROFILE_NAME}'`],
] as const;

/** The index lookups of one reading: each answers (user_id, kind, value). */
export function lookups(reading: CustomerQuery): Lookup[] {
  const limit = `LIMIT ${PER_LOOKUP + 1}`;
  switch (reading.kind) {
    case 'email':
      return [{ sql: `SELECT id AS user_id, 'email' AS kind, email AS value FROM users WHERE ${startsWith('email', 1)} ORDER BY email ${limit}`, args: [reading.prefix, prefixEnd(reading.prefix)] }];
    case 'phone':
      return [{ sql: `SELECT id AS user_id, 'phone' AS kind, phone AS value FROM users WHERE ${startsWith('phone', 1)} ORDER BY phone ${limit}`, args: [reading.prefix, prefixEnd(reading.prefix)] }];
    case 'id':
      return [
        { sql: "SELECT id AS user_id, 'account_id' AS kind, id AS value FROM users WHERE id = ?1", args: [reading.id] },
        { sql: "SELECT user_id, 'transaction_id' AS kind, id AS value FROM transactions WHERE id = ?1", args: [reading.id] },
        { sql: "SELECT user_id, 'order_id' AS kind, id AS value FROM orders WHERE id = ?1", args: [reading.id] },
        { sql: "SELECT user_id, 'eticket_id' AS kind, id AS value FROM etickets WHERE id = ?1", args: [reading.id] },
      ];
    case 'invoice':
      return [{ sql: "SELECT user_id, 'invoice' AS kind, CAST(number AS TEXT) AS value FROM invoices WHERE number = ?1", args: [reading.number] }];
    case 'voucher':
      return [{ sql: `SELECT user_id, 'voucher' AS kind, voucher_ref AS value FROM transactions WHERE voucher_ref = ?1 ${limit}`, args: [reading.reference] }];
    case 'provider_ref':
      return [{ sql: `SELECT user_id, 'provider_ref' AS kind, provider_ref AS value FROM transactions WHERE provider_ref = ?1 ${limit}`, args: [reading.reference] }];
    case 'contact_ticket':
      // A message sent while logged in names its account; one sent as a guest, the account of its email.
      return [
        { sql: "SELECT user_id, 'contact_ticket' AS kind, ticket AS value FROM contact_messages WHERE ticket = ?1 AND user_id IS NOT NULL", args: [reading.ticket] },
        { sql: "SELECT u.id AS user_id, 'contact_ticket' AS kind, m.ticket AS value FROM contact_messages m JOIN users u ON u.email = m.email WHERE m.ticket = ?1 AND m.user_id IS NULL", args: [reading.ticket] },
      ];
    case 'eticket':
      return [{ sql: `SELECT user_id, 'eticket' AS kind, short_code AS value FROM etickets WHERE short_code = ?1 ${limit}`, args: [reading.code] }];
    case 'library_card':
      return [{ sql: `SELECT user_id, 'library_card' AS kind, card_number AS value FROM library_cards WHERE card_number = ?1 ${limit}`, args: [reading.cardNumber] }];
    case 'name': {
      const [first = '', ...rest] = reading.words;
      const whole = reading.words.join(' ');
      const byColumn = NAME_COLUMNS.map(([column, skip]) => ({
        sql: `SELECT user_id, 'name' AS kind, ${column} AS value FROM profiles WHERE ${startsWith(`lower(${column})`, 1)}${skip} ${limit}`,
        args: [whole, prefixEnd(whole)],
      }));
      if (rest.length === 0) return byColumn;
      // "Amina Benali" and "Benali Amina": one name exactly, the other's start.
      const other = rest.join(' ');
      const full = "first_name || ' ' || last_name";
      return [
        ...byColumn,
        { sql: `SELECT user_id, 'name' AS kind, ${full} AS value FROM profiles WHERE lower(first_name) = ?1 AND ${startsWith('lower(last_name)', 2)} ${limit}`, args: [first, other, prefixEnd(other)] },
        { sql: `SELECT user_id, 'name' AS kind, ${full} AS value FROM profiles WHERE lower(last_name) = ?1 AND ${startsWith('lower(first_name)', 2)} ${limit}`, args: [first, other, prefixEnd(other)] },
      ];
    }
  }
}

const Match = z.object({ user_id: z.string(), kind: z.enum(MATCH_KINDS), value: z.string() });

const AccountRow = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  is_active: z.number(),
  subscription_id: z.number().nullable(),
  subscription_end: z.string().nullable(),
  cancel_subscription: z.number(),
  state: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  profile_name: z.string().nullable(),
});

/** What a search answers besides what was typed: the order, the filters, the page and its size. */
export type SearchOptions = { sort: CustomerSort; filters: CustomerFilters; page: number; limit: number };

/** Each sort's ORDER BY over the accounts found; `ids.key` is an account's place in the order of the matches (the most specific reading first). */
const ORDER: Record<CustomerSort, string> = {
  relevance: 'ids.key',
  newest: 'u.created_at DESC, u.id DESC',
  oldest: 'u.created_at, u.id',
  email: 'u.email IS NULL, u.email, u.id',
};

const FOUND = 'FROM json_each(?1) ids JOIN users u ON u.id = ids.value';

/** The condition on the accounts found (a JSON array of ids, ?1) that the filters pass; their args follow from ?2 on. */
function foundWhere(filters: CustomerFilters, today: string): { sql: string; args: unknown[] } {
  const conditions: string[] = [];
  const args: unknown[] = [];
  const arg = (value: unknown) => {
    args.push(value);
    return `?${args.length + 1}`;
  };
  if (filters.status) conditions.push(`u.is_active = ${arg(filters.status === 'active' ? 1 : 0)}`);
  if (filters.standing) {
    // hasActiveSubscription (worker/rules/subscription.ts) in SQL.
    const premium = `(u.subscription_id IS NOT NULL AND u.subscription_end IS NOT NULL AND substr(u.subscription_end, 1, 10) >= ${arg(today)})`;
    conditions.push(filters.standing === 'premium' ? premium : `NOT ${premium}`);
  }
  if (filters.from) conditions.push(`substr(u.created_at, 1, 10) >= ${arg(filters.from)}`);
  if (filters.to) conditions.push(`substr(u.created_at, 1, 10) <= ${arg(filters.to)}`);
  return { sql: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '', args };
}

/** How many of the accounts found pass the filters. */
export function countQuery(ids: string[], filters: CustomerFilters, today: string): Lookup {
  const where = foundWhere(filters, today);
  return { sql: `SELECT COUNT(*) AS n ${FOUND}${where.sql}`, args: [JSON.stringify(ids), ...where.args] };
}

/** One page of the accounts found as a list shows them: each read by its primary key, its main profile by profiles_user. */
export function pageQuery(ids: string[], options: SearchOptions, today: string): Lookup {
  const where = foundWhere(options.filters, today);
  const n = where.args.length + 2;
  return {
    sql: `SELECT u.id, u.email, u.phone, u.created_at, u.is_active, u.subscription_id, u.subscription_end, u.cancel_subscription, s.state,
    p.first_name, p.last_name, p.username, p.name AS profile_name
  ${FOUND}
  LEFT JOIN subscriptions s ON s.user_id = u.id
  LEFT JOIN profiles p ON p.id = (SELECT MIN(id) FROM profiles WHERE user_id = u.id)${where.sql}
  ORDER BY ${ORDER[options.sort]} LIMIT ?${n} OFFSET ?${n + 1}`,
    args: [JSON.stringify(ids), ...where.args, options.limit, (options.page - 1) * options.limit],
  };
}

function nameOf(row: z.infer<typeof AccountRow>): string | null {
  const full = [row.first_name, row.last_name].filter(Boolean).join(' ');
  if (full) return full;
  if (row.username) return row.username;
  return row.profile_name && row.profile_name !== DEFAULT_PROFILE_NAME ? row.profile_name : null;
}

/** The accounts the lookups matched, in the order of the matches, with what matched each; `capped`: a lookup or the whole stopped at its bound. */
async function findAccounts(db: D1Database, readings: CustomerQuery[]): Promise<{ matched: Map<string, { kind: MatchKind; value: string }[]>; capped: boolean }> {
  const matched = new Map<string, { kind: MatchKind; value: string }[]>();
  const statements = readings.flatMap(lookups).map((l) => db.prepare(l.sql).bind(...l.args));
  if (statements.length === 0) return { matched, capped: false };
  let capped = false;
  for (const result of await db.batch(statements)) {
    const rows = z.array(Match).parse(result.results);
    if (rows.length > PER_LOOKUP) capped = true;
    for (const m of rows.slice(0, PER_LOOKUP)) {
      const list = matched.get(m.user_id);
      if (!list && matched.size === MATCHES_MAX) {
        capped = true;
        continue;
      }
      if (!list) matched.set(m.user_id, [{ kind: m.kind, value: m.value }]);
      else if (!list.some((x) => x.kind === m.kind && x.value === m.value)) list.push({ kind: m.kind, value: m.value });
    }
  }
  return { matched, capped };
}

/** Finds the accounts behind what was typed, with what matched each, and answers one page of them; `now` decides who is premium. */
export async function searchCustomers(db: D1Database, typed: string, options: SearchOptions, now: Date): Promise<CustomerSearch> {
  const readings = readCustomerQuery(typed);
  const { matched, capped } = await findAccounts(db, readings);
  const { sort, filters, page, limit } = options;
  const answer: CustomerSearch = { query: typed.trim(), readings: readings.map((r) => r.kind), sort, filters, page, pageSize: limit, total: 0, capped, previous: null, next: null, accounts: [] };
  if (matched.size === 0) return answer;
  const ids = [...matched.keys()];
  const today = dayOf(now);
  const [count, found] = await db.batch([countQuery(ids, filters, today), pageQuery(ids, options, today)].map((q) => db.prepare(q.sql).bind(...q.args)));
  const total = z.object({ n: z.number() }).parse(count?.results[0]).n;
  const lastPage = Math.max(1, Math.ceil(total / limit));
  answer.total = total;
  answer.previous = page > 1 ? Math.min(page - 1, lastPage) : null;
  answer.next = page < lastPage ? page + 1 : null;
  answer.accounts = z
    .array(AccountRow)
    .parse(found?.results ?? [])
    .map(
      (row): CustomerHit => ({
        id: row.id,
        email: row.email,
        phone: row.phone,
        name: nameOf(row),
        createdAt: row.created_at,
        active: row.is_active === 1,
        subscription: {
          premium: hasActiveSubscription(row, today),
          state: row.state ?? (row.subscription_id !== null ? 'active' : null),
          planId: row.subscription_id,
          end: row.subscription_end,
          cancelled: row.cancel_subscription === 1,
        },
        matched: matched.get(row.id) ?? [],
      }),
    );
  return answer;
}
