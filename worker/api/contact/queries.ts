import type { ContactMail } from '../../messaging/contact';
import { newTicket } from '../../rules/contact';
import type { ContactInput } from './schemas';

/** D1 of the contact form (migration 0012_contact.sql). */

/** What support needs to know about a logged-in sender (spec §3 user, profile, device, transaction). */
export type AccountDetails = NonNullable<ContactMail['account']>;

/** The account's most recent payment transaction (worker/api/payments), if any. */
export function lastTransaction(db: D1Database, userId: string): Promise<AccountDetails['lastTransaction']> {
  return db
    .prepare('SELECT id, state, method, amount, currency, created_at FROM transactions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .bind(userId)
    .first();
}

export type StoredMessage = ContactInput & { ticket: string; lang: string; created_at: string; account: AccountDetails | null };

const TICKET_TRIES = 5;

/**
 * Stores a message under a new ticket number. Ticket numbers are unique (a UNIQUE column): on the
 * rare collision (32^6 numbers) another is drawn, in the same INSERT that checks it.
 */
export async function storeMessage(db: D1Database, input: ContactInput, meta: { lang: string; now: Date; account: AccountDetails | null; deviceId: string | null }): Promise<StoredMessage> {
  const created_at = meta.now.toISOString();
  const librarian = input.subject === 'librarian';
  for (let attempt = 0; attempt < TICKET_TRIES; attempt++) {
    const ticket = newTicket();
    const row = await db
      .prepare(
        `INSERT INTO contact_messages (ticket, subject, sub_subject, library, name, email, phone, message, lang, user_id, profile_id, device_id, last_transaction_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
         ON CONFLICT (ticket) DO NOTHING RETURNING ticket`,
      )
      .bind(
        ticket,
        input.subject,
        librarian ? (input.topic ?? null) : null,
        librarian ? (input.library ?? null) : null,
        input.name,
        input.email,
        input.phone || null,
        input.message,
        meta.lang,
        meta.account?.userId ?? null,
        meta.account?.profileId ?? null,
        meta.deviceId || null,
        meta.account?.lastTransaction?.id ?? null,
        created_at,
      )
      .first<{ ticket: string }>();
    if (row) return { ...input, ticket: row.ticket, lang: meta.lang, created_at, account: meta.account };
  }
  throw new Error('contact: no free ticket number');
}
