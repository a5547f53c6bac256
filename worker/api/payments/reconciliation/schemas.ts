// Cash reconciliation (issue 32): what the API at /admin/reconciliation, its tests and the console's page agree on.
import { z } from 'zod';
import { CURRENCIES } from '../../../rules/subscription';
import { TRANSACTION_STATES } from '../schemas';

/** The longest range one request reads (a quarter). */
export const RANGE_MAX_DAYS = 92;
export const DIFFERENCE_KINDS = ['paid_not_settled', 'settled_unconfirmed', 'amount_differs'] as const;
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];
export const RECON_METHODS = ['cash', 'agent', 'mobile'] as const;
export const SUMMARY_PARTS = ['vouchers', 'agencies', 'agents', 'mobile'] as const;
export type SummaryPart = (typeof SUMMARY_PARTS)[number];

const Day = z.iso.date();
/** A range of whole days (UTC), `to` included; both default to today. */
export const RangeQuery = z.object({ from: Day.optional(), to: Day.optional() });
export const SummaryQuery = RangeQuery.extend({ format: z.enum(['json', 'csv']).default('json'), part: z.enum(SUMMARY_PARTS).default('vouchers') });
export const DifferenceQuery = RangeQuery.extend({
  kind: z.enum(DIFFERENCE_KINDS).optional(),
  method: z.enum(RECON_METHODS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  format: z.enum(['json', 'csv']).default('json'),
});
export type DifferenceQuery = z.infer<typeof DifferenceQuery>;

const Currency = z.enum(CURRENCIES);
const n = z.number().int();

/** Cash vouchers issued on a day, in one currency: how many and how much issued, paid, expired, still waiting, cancelled. */
export const VoucherDay = z.object({ day: z.string(), currency: Currency, issued: n, issued_amount: n, paid: n, paid_amount: n, expired: n, expired_amount: n, waiting: n, waiting_amount: n, cancelled: n });
/** Cash the network says an agency took on a day (its confirmations). */
export const AgencyDay = z.object({ day: z.string(), agency: z.string().nullable(), currency: Currency, paid: n, amount: n });
/** An agent's collections of a day against the network's confirmations of them. */
export const AgentDay = z.object({ day: z.string(), agent_id: z.string(), agent_name: z.string().nullable(), currency: Currency, collected: n, collected_amount: n, confirmed: n, confirmed_amount: n, waiting: n });
/** Mobile payments of a day: started, accepted here, failed, and what the operator confirmed. */
export const MobileDay = z.object({ day: z.string(), currency: Currency, started: n, accepted: n, accepted_amount: n, failed: n, confirmed: n, confirmed_amount: n });

/** GET /admin/reconciliation: the range's four tables, newest day first. */
export const Summary = z.object({
  from: z.string(),
  to: z.string(),
  vouchers: z.array(VoucherDay),
  agencies: z.array(AgencyDay),
  agents: z.array(AgentDay),
  mobile: z.array(MobileDay),
  differences: z.number().int(),
});
export type Summary = z.infer<typeof Summary>;

/**
 * One payment on which the two sides disagree: paid at the network but not settled here (a voucher
 * expired or cancelled here), settled here with no confirmation from the network, or confirmed for
 * another amount or currency.
 */
export const Difference = z.object({
  kind: z.enum(DIFFERENCE_KINDS),
  transaction_id: z.string(),
  method: z.enum(RECON_METHODS),
  state: z.enum(TRANSACTION_STATES),
  created_at: z.string(),
  voucher_ref: z.string().nullable(),
  agent_id: z.string().nullable(),
  email: z.string().nullable(),
  amount: n,
  currency: Currency,
  network_amount: n.nullable(),
  network_currency: Currency.nullable(),
  agency: z.string().nullable(),
  confirmed_at: z.string().nullable(),
});
export type Difference = z.infer<typeof Difference>;
export const DifferenceList = z.object({ differences: z.array(Difference), next_offset: z.number().int().nullable() });
export type DifferenceList = z.infer<typeof DifferenceList>;
