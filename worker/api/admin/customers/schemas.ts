// The customer's whole story (issue 32): what the back office's customer routes answer, for the
// console's loaders. Timeline items carry a kind the page translates (ADMIN_CUSTOMERS_KIND_*) and a
// short structured payload: ids, states, amounts in minor units with their currency, codes; never a
// sentence to translate on the server.
import { z } from 'zod';
import { CURRENCIES } from '../../../rules/subscription';

const Text = z.string().nullable();
const Count = z.number().int();
const Flag = z.boolean();
const Currency = z.enum(CURRENCIES);

/** What a search reading matched on an account. */
export const MATCH_KINDS = [
  'email', 'phone', 'name', 'account_id', 'transaction_id', 'order_id', 'eticket_id', 'invoice', 'voucher', 'provider_ref', 'contact_ticket', 'eticket', 'library_card',
] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/** The subscription as a list shows it. */
export const SubscriptionBrief = z.object({
  premium: Flag,
  /** The state machine's (worker/api/payments/state.ts), or null: never subscribed. */
  state: Text,
  planId: z.number().nullable(),
  end: Text,
  cancelled: Flag,
});

export const CustomerHit = z.object({
  id: z.string(),
  email: Text,
  phone: Text,
  /** The main profile's first and last name, else its username, else its name. */
  name: Text,
  createdAt: z.string(),
  active: Flag,
  subscription: SubscriptionBrief,
  matched: z.array(z.object({ kind: z.enum(MATCH_KINDS), value: z.string() })),
});
export type CustomerHit = z.infer<typeof CustomerHit>;

/** How the accounts a search found are ordered: what matched first (the most specific reading), the newest or oldest account, the email. */
export const CUSTOMER_SORTS = ['relevance', 'newest', 'oldest', 'email'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
/** Suspended or not (users.is_active). */
export const CUSTOMER_STATUSES = ['active', 'suspended'] as const;
/** Premium today (worker/rules/subscription.ts hasActiveSubscription) or not. */
export const CUSTOMER_STANDINGS = ['premium', 'free'] as const;

/** Accounts a page shows by default, and at most (the CSV asks for every account found at once). */
export const SEARCH_PAGE = 25;
export const SEARCH_PAGE_MAX = 500;
/** Accounts a search finds at most: its sort, filters and pages cover these (each lookup reads a bounded range of its index). */
export const MATCHES_MAX = 500;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');

/** The filters of a search: each narrows the accounts found (never widens what the lookups read). */
export const CustomerFilters = z.object({
  status: z.enum(CUSTOMER_STATUSES).optional(),
  standing: z.enum(CUSTOMER_STANDINGS).optional(),
  /** Accounts created on or after this day, on or before that one (UTC days). */
  from: Day.optional(),
  to: Day.optional(),
});
export type CustomerFilters = z.infer<typeof CustomerFilters>;

/**
 * GET /admin/customers/search?q=&sort=&page=&limit=&status=&standing=&from=&to=: the readings of what
 * was typed and one page of the accounts found. `total` counts the accounts found that pass the
 * filters; `capped`: the lookups stopped at their bound (MATCHES_MAX accounts), so more may match and
 * `total` is a floor ("500+"): the sort and the pages cover the accounts found, a narrower search the rest.
 */
export const CustomerSearch = z.object({
  query: z.string(),
  readings: z.array(z.string()),
  sort: z.enum(CUSTOMER_SORTS),
  filters: CustomerFilters,
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  capped: Flag,
  /** The pages before and after this one, null at either end. */
  previous: z.number().int().nullable(),
  next: z.number().int().nullable(),
  accounts: z.array(CustomerHit),
});
export type CustomerSearch = z.infer<typeof CustomerSearch>;

/** The tables the timeline reads, as its `sources` filter names them. */
export const TIMELINE_SOURCES = ['account', 'sessions', 'profiles', 'subscription', 'payments', 'invoices', 'coupons', 'tickets', 'libraries', 'events', 'contact', 'messages', 'notifications', 'audit'] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

const item = <K extends string, S extends z.ZodRawShape>(kind: K, data: S) => z.object({ at: z.string(), key: z.string(), kind: z.literal(kind), data: z.object(data) });

const payment = {
  transactionId: z.string(),
  state: z.string(),
  method: z.string(),
  provider: z.string(),
  amount: Count,
  currency: Currency,
  planId: z.number(),
  trialDays: Count,
  coupon: Text,
  discount: Count,
  voucherRef: Text,
  voucherExpiresAt: Text,
  error: Text,
  agentId: Text,
  orderId: Text,
  settledAt: z.string(),
};
const subscriptionChange = { planId: z.number().nullable(), periodEnd: Text, error: Text };

/** One event of the customer's story; `key` is unique in the story (the cursor's tie-break). */
export const TimelineItem = z.discriminatedUnion('kind', [
  item('account.registered', { email: Text, phone: Text, lang: z.string() }),
  item('session.started', { sessionId: z.string(), deviceId: z.string(), device: z.string(), userAgent: z.string(), country: z.string(), city: z.string() }),
  item('session.ended', { sessionId: z.string(), reason: Text }),
  item('profile.created', { profileId: z.number(), name: z.string(), kid: Flag }),
  item('profile.pin_changed', { profileId: z.number(), name: z.string(), pin: Flag }),
  item('subscription.cancelled', subscriptionChange),
  item('subscription.resumed', subscriptionChange),
  item('subscription.ended', subscriptionChange),
  item('subscription.payment_failed', subscriptionChange),
  item('payment.trial', payment),
  item('payment.subscribe', payment),
  item('payment.renew', payment),
  item('payment.change', payment),
  item('payment.card', payment),
  item('payment.tickets', payment),
  item('payment.order', payment),
  item('invoice.issued', { number: z.string(), transactionId: z.string(), periodStart: z.string(), periodEnd: z.string() }),
  item('coupon.redeemed', { code: z.string(), transactionId: z.string() }),
  item('tickets.unlocked', { contentId: z.number(), slug: Text, expiresAt: z.string() }),
  item('library.card_added', { cardId: z.number(), libraryId: z.number(), library: z.string(), cardNumber: z.string(), validUntil: Text, invalid: Text }),
  item('library.loan', { loanId: z.string(), libraryId: z.number(), library: z.string(), contentId: z.number(), slug: Text, expiresAt: z.string() }),
  item('events.order', { orderId: z.string(), showId: z.number(), show: Text, showTitles: Text, state: z.string(), amount: Count, currency: Currency, transactionId: Text }),
  item('events.eticket', { ticketId: z.string(), code: z.string(), orderId: z.string(), showId: z.number(), ticketKind: z.string(), state: z.string() }),
  item('events.eticket_scanned', { ticketId: z.string(), code: z.string(), showId: z.number() }),
  item('contact.message', { ticket: z.string(), subject: z.string(), topic: Text }),
  item('message.email', { to: z.string(), subject: z.string() }),
  item('message.sms', { to: z.string() }),
  item('code.sent', { channel: z.string(), to: z.string(), purpose: z.string(), used: Flag }),
  item('password.reset_requested', { used: Flag }),
  item('notification.reminder', { programmeId: z.number(), channelId: z.number(), startsAt: z.string(), read: Flag }),
  item('push.subscribed', { deviceId: z.string(), family: z.string(), lang: z.string() }),
  item('audit', { action: z.string(), staffId: Text, staffRoles: z.string(), reason: Text, entity: z.string(), entityId: z.string(), before: z.json().nullable(), after: z.json().nullable() }),
]);
export type TimelineItem = z.infer<typeof TimelineItem>;
export type TimelineKind = TimelineItem['kind'];
export const TIMELINE_KINDS = TimelineItem.options.map((option) => option.shape.kind.value);

/** A page of the story, newest first; `next`: the cursor of the following page, null at the start of the story. */
export const Timeline = z.object({ items: z.array(TimelineItem), next: z.string().nullable() });
export type Timeline = z.infer<typeof Timeline>;

/** GET /admin/customers/:userId: the account at a glance, then the first page of its story. */
export const CustomerView = z.object({
  account: z.object({
    id: z.string(),
    email: Text,
    phone: Text,
    lang: z.string(),
    createdAt: z.string(),
    active: Flag,
    emailVerified: Flag,
    phoneVerified: Flag,
    /** Pay-per-title tickets left (spec §3 credits). */
    credits: Count,
    /** The console roles this account holds (acting on it then needs staff.grant). */
    staffRoles: z.array(z.string()),
  }),
  subscription: SubscriptionBrief.extend({
    start: Text,
    renewal: Text,
    nextPlanId: z.number().nullable(),
    error: Text,
    provider: Text,
    currency: Currency.nullable(),
    origin: z.enum(['checkout', 'backoffice']),
    trialEnd: Text,
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    freeTrials: Count,
  }),
  profiles: z.array(z.object({ id: z.number(), name: z.string(), username: Text, firstName: Text, lastName: Text, kid: Flag, pin: Flag, pinActive: Flag, createdAt: z.string() })),
  /** Sessions not ended, newest first (what "sign out all devices" ends). */
  devices: z.array(z.object({ sessionId: z.string(), deviceId: z.string(), device: z.string(), userAgent: z.string(), country: z.string(), city: z.string(), createdAt: z.string(), lastSeenAt: z.string() })),
  libraryCards: z.array(z.object({ id: z.number(), libraryId: z.number(), library: z.string(), cardNumber: z.string(), validUntil: Text, invalid: Text })),
  timeline: Timeline,
});
export type CustomerView = z.infer<typeof CustomerView>;

/** The actions' names as the audit log writes them (`customer.*`) and the page translates them (ADMIN_CUSTOMERS_ACTION_*). */
export const CUSTOMER_ACTIONS = ['suspend', 'reinstate', 'sign_out', 'pin_remove', 'verification_resend', 'premium_grant', 'email_change_request', 'email_change'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

/** What an action answers: its name, and what it changed. */
export const ActionAnswer = z.object({ action: z.enum(CUSTOMER_ACTIONS), userId: z.string() }).catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ActionAnswer = z.infer<typeof ActionAnswer>;

/** What POST /admin/customers/bulk does to each account it is given (the single actions of the same names). */
export const BULK_ACTIONS = ['suspend', 'reinstate', 'sign-out', 'resend-verification'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** What a bulk action answers: the accounts changed, and those refused with the single action's code. */
export const BulkAnswer = z.object({ action: z.enum(BULK_ACTIONS), done: z.array(z.string()), refused: z.array(z.object({ userId: z.string(), code: z.string() })) });
export type BulkAnswer = z.infer<typeof BulkAnswer>;
