import { z } from 'zod';
import { CONTACT_SUBJECTS, LIBRARIAN_TOPICS, TICKET } from '../../../rules/contact';
import { LANGS } from '../../../rules/lang';
import { CUSTOMER_REPLY_MAX, SAVED_ANSWER_TITLE_MAX, SUPPORT_BULK_MAX, SUPPORT_STATES, SUPPORT_TEXT_MAX } from '../../../rules/support';

/**
 * The support inbox (issue 32): what the console sends and reads (mounted at /admin/support) and
 * what the customer's reply page reads (GET and POST /contact/reply/{token}). Messages are
 * translation keys where a person reads them, so a refusal reads `KEY: field`.
 */

const SupportState = z.enum(SUPPORT_STATES);
const text = (max: number, tooLong: string) => z.string('ALL_FIELDS_REQUIRED').trim().min(1, 'ALL_FIELDS_REQUIRED').max(max, tooLong);

/** GET /admin/support/tickets: `state` one or more states (comma-separated), `assignee` a staff id, `me` or `none`; `q` a ticket number, an email or words of the messages. */
export const QueueQuery = z.object({
  state: z
    .string()
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map((s) => s.trim()))] : []))
    .pipe(z.array(SupportState)),
  subject: z.enum(CONTACT_SUBJECTS).optional(),
  assignee: z.string().trim().min(1).max(64).optional(),
  q: z.string().trim().max(200).optional(),
  /** Age: oldest first (the default: who waits longest comes first) or newest first. */
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type QueueQuery = z.infer<typeof QueueQuery>;

export const Assignee = z.object({ id: z.string(), email: z.string().nullable() });
export type Assignee = z.infer<typeof Assignee>;

export const TicketSummary = z.object({
  ticket: z.string().regex(TICKET),
  subject: z.enum(CONTACT_SUBJECTS),
  topic: z.enum(LIBRARIAN_TOPICS).nullable(),
  library: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  lang: z.enum(LANGS),
  state: SupportState,
  assignee: Assignee.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** Seconds since the ticket came in, at the request's time. */
  ageSeconds: z.number().int(),
});
export type TicketSummary = z.infer<typeof TicketSummary>;

export const Queue = z.object({
  tickets: z.array(TicketSummary),
  /** Tickets matching every filter (for the pages). */
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  /** Tickets matching every filter but the state, per state (the tabs' counts). */
  counts: z.record(SupportState, z.number().int()),
});
export type Queue = z.infer<typeof Queue>;

export const StaffMessage = z.object({
  id: z.number().int(),
  /** customer: the customer's message; reply: emailed to the customer; note: staff only. */
  kind: z.enum(['customer', 'reply', 'note']),
  body: z.string(),
  author: Assignee.nullable(),
  savedAnswerId: z.number().int().nullable(),
  emailedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMessage = z.infer<typeof StaffMessage>;

export const TicketDetail = TicketSummary.extend({
  phone: z.string().nullable(),
  /** A logged-in sender's account at the time of writing (contact form), else null. */
  account: z
    .object({ userId: z.string(), profileId: z.number().int().nullable(), deviceId: z.string().nullable(), lastTransactionId: z.string().nullable() })
    .nullable(),
  messages: z.array(StaffMessage),
});
export type TicketDetail = z.infer<typeof TicketDetail>;

/** POST …/reply: the text, or a saved answer of the ticket's language to send as it is ({name} and {ticket} filled). */
export const ReplyInput = z
  .object({
    body: text(SUPPORT_TEXT_MAX, 'ADMIN_SUPPORT_TEXT_TOO_LONG').optional(),
    savedAnswerId: z.number().int().positive().optional(),
  })
  .refine((v) => v.body !== undefined || v.savedAnswerId !== undefined, { message: 'ALL_FIELDS_REQUIRED', path: ['body'] });
export type ReplyInput = z.infer<typeof ReplyInput>;

export const NoteInput = z.object({ body: text(SUPPORT_TEXT_MAX, 'ADMIN_SUPPORT_TEXT_TOO_LONG') });
export const StateInput = z.object({ state: SupportState });
export const AssignInput = z.object({ staffId: z.string().min(1).max(64).nullable() });

export const BulkInput = z.discriminatedUnion('action', [
  z.object({ action: z.literal('close'), ids: z.array(z.string()).min(1).max(SUPPORT_BULK_MAX) }),
  z.object({ action: z.literal('assign'), ids: z.array(z.string()).min(1).max(SUPPORT_BULK_MAX), staffId: z.string().min(1).max(64).nullable() }),
]);
export type BulkInput = z.infer<typeof BulkInput>;

/** A bulk action: the tickets it changed, and the others with why (not found or not yours to see, already so). */
export const BulkAnswer = z.object({
  changed: z.array(z.string()),
  skipped: z.array(z.object({ ticket: z.string(), reason: z.enum(['not_found', 'unchanged']) })),
});
export type BulkAnswer = z.infer<typeof BulkAnswer>;

/** A reply or a note as stored; a reply says whether its email went out. */
export const Posted = z.object({ ticket: TicketSummary, message: StaffMessage, emailed: z.boolean().optional() });
export type Posted = z.infer<typeof Posted>;

/** A state or assignee change; `changed` false when it already was so (nothing written, nothing audited). */
export const Changed = z.object({ ticket: TicketSummary, changed: z.boolean() });
export type Changed = z.infer<typeof Changed>;

export const SavedAnswer = z.object({ id: z.number().int(), lang: z.enum(LANGS), title: z.string(), body: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type SavedAnswer = z.infer<typeof SavedAnswer>;
export const SavedAnswers = z.object({ answers: z.array(SavedAnswer) });
export const SavedAnswersQuery = z.object({ lang: z.enum(LANGS).optional() });
export const SavedAnswerInput = z.object({
  lang: z.enum(LANGS),
  title: text(SAVED_ANSWER_TITLE_MAX, 'ADMIN_SUPPORT_TEXT_TOO_LONG'),
  body: text(SUPPORT_TEXT_MAX, 'ADMIN_SUPPORT_TEXT_TOO_LONG'),
});
export type SavedAnswerInput = z.infer<typeof SavedAnswerInput>;
export const SavedAnswerPatch = SavedAnswerInput.partial().refine((v) => Object.keys(v).length > 0, { message: 'ALL_FIELDS_REQUIRED', path: ['body'] });
export type SavedAnswerPatch = z.infer<typeof SavedAnswerPatch>;

/** The staff a ticket may be assigned to. */
export const Assignees = z.object({ staff: z.array(Assignee) });

/** GET /contact/reply/{token}: the thread as the customer reads it (never the internal notes). */
export const CustomerThread = z.object({
  ticket: z.string().regex(TICKET),
  subject: z.enum(CONTACT_SUBJECTS),
  name: z.string(),
  lang: z.enum(LANGS),
  state: SupportState,
  messages: z.array(z.object({ id: z.number().int(), from: z.enum(['customer', 'support']), body: z.string(), at: z.string() })),
  /** When this link stops working (ISO). */
  expiresAt: z.string(),
});
export type CustomerThread = z.infer<typeof CustomerThread>;

/** POST /contact/reply/{token}. */
export const CustomerReplyInput = z.object({ message: text(CUSTOMER_REPLY_MAX, 'CONTACT_MESSAGE_TOO_LONG') });
export const CustomerReplyAnswer = z.object({ ticket: z.string().regex(TICKET), messageId: z.number().int() });
export type CustomerReplyAnswer = z.infer<typeof CustomerReplyAnswer>;
