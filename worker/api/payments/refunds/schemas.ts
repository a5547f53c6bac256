// The refunds' answers (issue 32): what the API at /admin/refunds and the console's pages agree on.
import { z } from 'zod';
import { PAYMENT_METHODS } from '../../../rules/payment-methods';
import { CURRENCIES } from '../../../rules/subscription';
import { TRANSACTION_STATES } from '../schemas';

/** claimed: the amount is held while the provider is asked | done | refused (by the provider: nothing moved). */
export const REFUND_STATES = ['claimed', 'done', 'refused'] as const;
/** What becomes of the subscription the refunded payment paid for: ended now, or kept to the period end without renewal. */
export const REFUND_EFFECTS = ['end_now', 'keep'] as const;
export type RefundEffect = (typeof REFUND_EFFECTS)[number];

const Person = z.object({ id: z.string().nullable(), email: z.string().nullable() });

/** A credit note as a link: its printed number and where its PDF is (under /admin/refunds). */
export const CreditNoteRef = z.object({ number: z.string(), issued_at: z.string(), pdf: z.string() });

/** One refund: how much of which payment, who decided it and why, what the provider said, its credit note. */
export const RefundView = z.object({
  id: z.string(),
  transaction_id: z.string(),
  amount: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** claimed: the amount is held while the provider is asked; done; refused: by the provider (`error` says why). */
  state: z.enum(REFUND_STATES),
  effect: z.enum(REFUND_EFFECTS),
  reason: z.string(),
  /** Handed back by hand (cash, agent, mobile): no provider call. */
  manual: z.boolean(),
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  provider_ref: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  customer: Person,
  staff: Person,
  credit_note: CreditNoteRef.nullable(),
});
export type RefundView = z.infer<typeof RefundView>;

/** GET /admin/refunds: a page of refunds, newest first; `next_cursor` asks for the next page. */
export const RefundList = z.object({ refunds: z.array(RefundView), next_cursor: z.string().nullable() });

/** A payment as the refund form needs it: what it captured, what was given back, what may still be. */
export const PaymentView = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), email: z.string().nullable(), phone: z.string().nullable(), lang: z.string() }),
  purpose: z.enum(['subscribe', 'renew', 'change', 'card', 'tickets', 'order']),
  /** What was bought, named in the asked language. */
  what: z.string(),
  provider: z.string(),
  method: z.enum(PAYMENT_METHODS),
  state: z.enum(TRANSACTION_STATES),
  currency: z.enum(CURRENCIES),
  captured: z.number().int(),
  refunded: z.number().int(),
  /** Held by refunds still waiting for their provider. */
  held: z.number().int(),
  refundable: z.number().int(),
  /** Refunded by hand (cash, agent, mobile) rather than through the provider. */
  manual: z.boolean(),
  provider_ref: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  invoice: z.object({ number: z.string(), issued_at: z.string() }).nullable(),
});
export type PaymentView = z.infer<typeof PaymentView>;

/** GET /admin/refunds/payments/{id}: the payment and its refunds (history, newest first). */
export const PaymentDetail = PaymentView.extend({ refunds: z.array(RefundView) });

/** GET /admin/refunds/payments?q=: the payments a transaction id or an invoice number names. */
export const PaymentSearch = z.object({ payments: z.array(PaymentView) });

/** GET /admin/refunds/refund-due: the payments whose buyers are owed their money, oldest first. */
export const RefundDueQueue = z.object({
  items: z.array(PaymentView.extend({ kind: z.enum(['order', 'payment']), since: z.string() })),
  next_offset: z.number().int().nullable(),
});

/** POST /admin/refunds: the refund made (201), or the same refund again (200: the form was sent twice). */
export const RefundAnswer = z.object({ refund: RefundView, replayed: z.boolean() });
