/**
 * The contact form's rules (issue 15, spec §2 /contact, §5 validation, §6 Librarian as a contact
 * subject), shared by the API (worker/api/contact/schemas.ts), the edge form handler
 * (worker/pages/contact) and the page. Each check answers null when valid, else the translation key
 * of its message (spec §5 French messages: valid email required, valid phone number required, all
 * fields required).
 */
import { checkEmail, checkNationalNumber } from './account';

/** The subjects a message is about, in the order the form lists them. */
export const CONTACT_SUBJECTS = ['account', 'billing', 'technical', 'content', 'librarian', 'partnership', 'press', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** Spec §6 Librarian: a librarian asks for a trial, a demo or content (spec §1 library-card service). */
export const LIBRARIAN_TOPICS = ['trial', 'demo', 'content'] as const;
export type LibrarianTopic = (typeof LIBRARIAN_TOPICS)[number];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_LIBRARY_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

export const isContactSubject = (value: unknown): value is ContactSubject => (CONTACT_SUBJECTS as readonly unknown[]).includes(value);
export const isLibrarianTopic = (value: unknown): value is LibrarianTopic => (LIBRARIAN_TOPICS as readonly unknown[]).includes(value);

/** The translation key of a subject's label ("Billing and payment", "Librarian: trial, demo or content"…). */
export const subjectLabelKey = (subject: ContactSubject): string => `CONTACT_SUBJECT_${subject.toUpperCase()}`;
export const topicLabelKey = (topic: LibrarianTopic): string => `CONTACT_TOPIC_${topic.toUpperCase()}`;

/** Support's ticket number: "TFJ-" and 6 characters without look-alikes (no 0/O, 1/I). */
export const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const TICKET = /^TFJ-[A-Z0-9]{6}$/;

/** A new ticket number from 6 random bytes (32 characters: each byte maps evenly). */
export function newTicket(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(6));
  return `TFJ-${Array.from(bytes, (b) => TICKET_ALPHABET[b % TICKET_ALPHABET.length]).join('')}`;
}

/** What the form posts, as typed (trimmed by the checks). `phone_national` is optional. */
export type ContactFields = {
  subject: string;
  topic: string;
  library: string;
  name: string;
  email: string;
  phone_national: string;
  message: string;
};

const required = (value: string): 'ALL_FIELDS_REQUIRED' | null => (value.trim() === '' ? 'ALL_FIELDS_REQUIRED' : null);
const tooLong = (value: string, max: number, key: string): string | null => (value.trim().length > max ? key : null);

export const checkContactName = (name: string): string | null => required(name) ?? tooLong(name, CONTACT_NAME_MAX, 'CONTACT_NAME_TOO_LONG');
export const checkContactMessage = (message: string): string | null => required(message) ?? tooLong(message, CONTACT_MESSAGE_MAX, 'CONTACT_MESSAGE_TOO_LONG');
export const checkContactLibrary = (library: string): string | null => required(library) ?? tooLong(library, CONTACT_LIBRARY_MAX, 'CONTACT_LIBRARY_TOO_LONG');
export const checkContactSubject = (subject: string): 'ALL_FIELDS_REQUIRED' | null => (isContactSubject(subject) ? null : 'ALL_FIELDS_REQUIRED');
export const checkLibrarianTopic = (topic: string): 'ALL_FIELDS_REQUIRED' | null => (isLibrarianTopic(topic) ? null : 'ALL_FIELDS_REQUIRED');
/** Spec §5: phone numbers are entered without the leading zero; here the phone is optional. */
export const checkOptionalNational = (national: string): string | null => (national.trim() === '' ? null : checkNationalNumber(national));

/** Every field's message (only the failing ones), as the form shows them. */
export function checkContact(form: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const librarian = form.subject === 'librarian';
  const errors: Partial<Record<keyof ContactFields, string | null>> = {
    subject: checkContactSubject(form.subject),
    topic: librarian ? checkLibrarianTopic(form.topic) : null,
    library: librarian ? checkContactLibrary(form.library) : null,
    name: checkContactName(form.name),
    email: checkEmail(form.email),
    phone_national: checkOptionalNational(form.phone_national),
    message: checkContactMessage(form.message),
  };
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1])));
}
