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

/** GET /admin/customers/search?q=: the readings of what was typed and the accounts found (at most 50). */
export const CustomerSearch = z.object({ query: z.string(), readings: z.array(z.string()), accounts: z.array(CustomerHit) });
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
  item('events.order', { orderId: z.string(), showId: z.number(), show: Text, state: z.string(), amount: Count, currency: Currency, transactionId: Text }),
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
