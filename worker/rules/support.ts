/**
 * The support inbox's rules (issue 32), shared by the API (worker/api/contact/support), the reply
 * email, the customer's reply page and the console: the states of a ticket, the lengths, how long a
 * reply link works, and how a saved answer is filled.
 */
import { CONTACT_MESSAGE_MAX, type ContactSubject } from './contact';

/** new → open (someone handles it) → waiting (support answered) → resolved; a customer's reply opens it again. */
export const SUPPORT_STATES = ['new', 'open', 'waiting', 'resolved'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

/** A staff reply or note. */
export const SUPPORT_TEXT_MAX = 10_000;
/** A customer's reply through the link: as long as a contact message. */
export const CUSTOMER_REPLY_MAX = CONTACT_MESSAGE_MAX;
export const SAVED_ANSWER_TITLE_MAX = 120;

/** Tickets one bulk action may change. */
export const SUPPORT_BULK_MAX = 100;

/** A reply email's link lets the customer read the thread and answer for this many days. */
export const REPLY_LINK_DAYS = 30;

/**
 * The subjects the partnerships team reads without the support permission (partners.read):
 * librarians' requests (spec §6) and partnership and advertising.
 */
export const PARTNER_SUBJECTS = ['librarian', 'partnership'] as const satisfies readonly ContactSubject[];

/** The translation key of a state as the customer reads it, and as the console shows it. */
export const customerStateKey = (state: SupportState): string => `CONTACT_REPLY_STATE_${state.toUpperCase()}`;
export const consoleStateKey = (state: SupportState): string => `ADMIN_SUPPORT_STATE_${state.toUpperCase()}`;

/** A reply link's token: the ticket, the expiry (unix seconds) and the HMAC-SHA256 signature, base64url. */
export const REPLY_TOKEN = /^(TFJ-[A-Z0-9]{6})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** A saved answer's text with `{name}` and `{ticket}` replaced by the ticket's (other braces stay as typed). */
export function fillAnswer(text: string, values: { name: string; ticket: string }): string {
  return text.replace(/\{(name|ticket)\}/g, (_, key: 'name' | 'ticket') => values[key]);
}
