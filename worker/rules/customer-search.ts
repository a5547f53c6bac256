import { TICKET } from './contact';
import { normalizeShortCode } from './eticket';
import { cleanCardNumber } from './libraries';

/**
 * The back office's customer search (issue 32): what a person typed, read as every reference it can
 * be (the formats of the contact tickets, the invoices, the vouchers, the e-tickets, the library
 * cards…). The API looks each reading up in its own index and answers the accounts found with what
 * matched; the console shows the readings ("looks like an invoice number").
 */
export type CustomerQuery =
  /** Has an @: the start of an email address (lower case, as stored). */
  | { kind: 'email'; prefix: string }
  /** Digits of a phone number, as E.164: the start of the account's phone. */
  | { kind: 'phone'; prefix: string }
  /** An id (a UUID, or 32 hex digits): an account, a transaction, an event order or an e-ticket. */
  | { kind: 'id'; id: string }
  /** An invoice number as printed, "TAF-2026-000042": the number of the one series. */
  | { kind: 'invoice'; number: number }
  /** A cash voucher's reference (digits; printed in groups of four). */
  | { kind: 'voucher'; reference: string }
  /** A payment provider's reference (Stripe's, the sandbox's `sbx_…`, CMI's order id…). */
  | { kind: 'provider_ref'; reference: string }
  /** A contact form ticket, "TFJ-4K7QZP". */
  | { kind: 'contact_ticket'; ticket: string }
  /** An e-ticket's short code, "A1B2-C3D4-E5". */
  | { kind: 'eticket'; code: string }
  /** A library card number as printed (spaces and dashes dropped). */
  | { kind: 'library_card'; cardNumber: string }
  /** Words of a name: the start of a profile's first name, last name, username or name (lower case). */
  | { kind: 'name'; words: string[] };

export type CustomerQueryKind = CustomerQuery['kind'];

export const CUSTOMER_QUERY_MAX = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** E-tickets' ids: a UUID's 32 hex digits without dashes. */
const HEX_ID = /^[0-9a-f]{32}$/i;
/** "TAF-2026-000042": a prefix of letters (INVOICE_PREFIX), the year, the number. */
const INVOICE = /^[A-Z]{1,10}-\d{4}-(\d{1,9})$/i;
const PROVIDER_REF = /^(?=.*[0-9])(?=.*[A-Za-z_])[A-Za-z0-9_.:-]{6,100}$/;
const EMAIL_PART = /^[a-z0-9._%+-]+$/;

/** SQLite's lower(): ASCII letters only, so a prefix compares as the indexes' lower() does. */
export const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (ch) => ch.toLowerCase());

/**
 * A typed phone number as the start of an E.164 number: "+212 6 12…", "00212 6…", "06 12 34 56 78"
 * (a Moroccan national number), "612345678"; null for anything else.
 */
export function phonePrefix(typed: string): string | null {
  const compact = typed.replace(/[\s.()-]/g, '');
  if (!/^\+?\d{6,15}$/.test(compact)) return null;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  if (/^0[5-7]\d{8}$/.test(compact)) return `+212${compact.slice(1)}`;
  if (/^[5-7]\d{8}$/.test(compact)) return `+212${compact}`;
  if (compact.startsWith('212')) return `+${compact}`;
  return null;
}

/** Every reading of what was typed, most specific first; none for an empty (or too long) query. */
export function readCustomerQuery(typed: string): CustomerQuery[] {
  const q = typed.trim();
  if (q === '' || q.length > CUSTOMER_QUERY_MAX) return [];
  if (q.includes('@')) return [{ kind: 'email', prefix: q.toLowerCase().replace(/\s+/g, '') }];
  if (UUID.test(q)) return [{ kind: 'id', id: q.toLowerCase() }];
  const readings: CustomerQuery[] = HEX_ID.test(q) ? [{ kind: 'id', id: q.toLowerCase() }] : [];
  const upper = q.toUpperCase().replace(/\s+/g, '');
  if (TICKET.test(upper)) readings.push({ kind: 'contact_ticket', ticket: upper });
  const invoice = INVOICE.exec(q.replace(/\s+/g, ''));
  if (invoice?.[1]) readings.push({ kind: 'invoice', number: Number(invoice[1]) });
  const digits = q.replace(/[\s.-]/g, '');
  if (/^\d{6,20}$/.test(digits)) readings.push({ kind: 'voucher', reference: digits });
  const phone = phonePrefix(q);
  if (phone) readings.push({ kind: 'phone', prefix: phone });
  const code = normalizeShortCode(q);
  if (code) readings.push({ kind: 'eticket', code });
  const card = cleanCardNumber(q);
  if (/^(?=.*\d)[A-Za-z0-9]{4,32}$/.test(card)) readings.push({ kind: 'library_card', cardNumber: card });
  if (!q.includes(' ') && PROVIDER_REF.test(q) && !invoice && !TICKET.test(upper)) readings.push({ kind: 'provider_ref', reference: q });
  // Words with a letter: a name, and a single word may also start an email address.
  if (/\p{L}/u.test(q) && !invoice && !TICKET.test(upper)) {
    const words = asciiLower(q).split(/\s+/).filter(Boolean).slice(0, 4);
    readings.push({ kind: 'name', words });
    const word = q.toLowerCase();
    if (words.length === 1 && EMAIL_PART.test(word)) readings.push({ kind: 'email', prefix: word });
  }
  return readings;
}

/** The first string after every string that starts with `prefix` (for `col >= prefix AND col < end`). */
export function prefixEnd(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return `${chars.join('')}${String.fromCodePoint(last + 1)}`;
}
