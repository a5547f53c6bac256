// The customer search of the back office (issue 32): every reading of what was typed
// (worker/rules/customer-search.ts) looked up in its own index, in one batch; then the accounts found,
// read by their primary key. Each lookup is an index search (search.test.ts reads the plans), so
// the search stays fast at 100,000 accounts.
import { z } from 'zod';
import { dayOf, hasActiveSubscription } from '../../../rules/subscription';
import { DEFAULT_PROFILE_NAME } from '../../../rules/profiles';
import { prefixEnd, readCustomerQuery, type CustomerQuery } from '../../../rules/customer-search';
import { MATCH_KINDS, type CustomerHit, type CustomerSearch, type MatchKind } from './schemas';

/** Rows each lookup reads at most, and accounts answered at most. */
const PER_LOOKUP = 20;
const MAX_ACCOUNTS = 50;

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
  const limit = `LIMIT ${PER_LOOKUP}`;
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

/** The accounts of these ids as a list shows them: each read by its primary key, its main profile by profiles_user. */
export const ACCOUNTS_SQL = `SELECT u.id, u.email, u.phone, u.created_at, u.is_active, u.subscription_id, u.subscription_end, u.cancel_subscription, s.state,
    p.first_name, p.last_name, p.username, p.name AS profile_name
  FROM json_each(?1) ids JOIN users u ON u.id = ids.value
  LEFT JOIN subscriptions s ON s.user_id = u.id
  LEFT JOIN profiles p ON p.id = (SELECT MIN(id) FROM profiles WHERE user_id = u.id)`;

function nameOf(row: z.infer<typeof AccountRow>): string | null {
  const full = [row.first_name, row.last_name].filter(Boolean).join(' ');
  if (full) return full;
  if (row.username) return row.username;
  return row.profile_name && row.profile_name !== DEFAULT_PROFILE_NAME ? row.profile_name : null;
}

/** Finds the accounts behind what was typed, with what matched each; `now` decides who is premium. */
export async function searchCustomers(db: D1Database, typed: string, now: Date): Promise<CustomerSearch> {
  const readings = readCustomerQuery(typed);
  const statements = readings.flatMap(lookups).map((l) => db.prepare(l.sql).bind(...l.args));
  const answer: CustomerSearch = { query: typed.trim(), readings: readings.map((r) => r.kind), accounts: [] };
  if (statements.length === 0) return answer;
  const matches = (await db.batch(statements)).flatMap((result) => z.array(Match).parse(result.results));
  const matched = new Map<string, { kind: MatchKind; value: string }[]>();
  for (const m of matches) {
    const list = matched.get(m.user_id) ?? [];
    if (!list.some((x) => x.kind === m.kind && x.value === m.value)) list.push({ kind: m.kind, value: m.value });
    matched.set(m.user_id, list);
  }
  const ids = [...matched.keys()].slice(0, MAX_ACCOUNTS);
  if (ids.length === 0) return answer;
  const { results } = await db.prepare(ACCOUNTS_SQL).bind(JSON.stringify(ids)).all();
  const rows = new Map(z.array(AccountRow).parse(results).map((row) => [row.id, row]));
  const today = dayOf(now);
  answer.accounts = ids.flatMap((id): CustomerHit[] => {
    const row = rows.get(id);
    if (!row) return [];
    return [
      {
        id,
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
        matched: matched.get(id) ?? [],
      },
    ];
  });
  return answer;
}
