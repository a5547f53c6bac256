// The coupons' back office (issue 32): what the API at /admin/coupons, its tests and the console's pages agree on.
import { z } from 'zod';
import { normalizeCoupon } from '../../../rules/payment-methods';
import { Reason } from '../../../rules/staff';
import { CURRENCIES } from '../../../rules/subscription';
import { TRANSACTION_STATES } from '../schemas';

export const COUPON_KINDS = ['percent', 'amount', 'days'] as const;
/** active: may be redeemed now (quota aside) | scheduled: not yet | expired: past its end | disabled: stopped by an operator. */
export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'disabled'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
/** The most codes one batch makes. */
export const BATCH_MAX = 10_000;

/** A day (2027-02-18, from its start or to its end) or an ISO time. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const When = (end: boolean) =>
  z
    .string()
    .trim()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'COUPON_DATE_INVALID')
    .transform((v) => (DAY.test(v) ? `${v}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : new Date(v).toISOString()));

const Code = z
  .string()
  .max(40)
  .transform((v, ctx) => normalizeCoupon(v) ?? (ctx.addIssue({ code: 'custom', message: 'COUPON_CODE_INVALID' }), z.NEVER));

/** What a coupon gives and when: shared by one coupon and a batch. */
const Terms = z.object({
  kind: z.enum(COUPON_KINDS),
  /** percent: 1–100 | amount: minor units of `currency` | days: free days. */
  value: z.number().int().positive().max(10_000_000),
  currency: z.enum(CURRENCIES).nullable().default(null),
  /** Only these plans (none: every plan). */
  plan_ids: z.array(z.number().int().positive().max(2 ** 31)).max(50).nullable().default(null),
  starts_at: When(false).optional(),
  ends_at: When(true).optional(),
  reason: Reason,
});

const termsChecked = <T extends z.infer<typeof Terms>>(v: T, ctx: z.RefinementCtx) => {
  if (v.kind === 'percent' && v.value > 100) ctx.addIssue({ code: 'custom', path: ['value'], message: 'COUPON_VALUE_INVALID' });
  if (v.kind === 'amount' && !v.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'COUPON_CURRENCY_REQUIRED' });
  if (v.starts_at && v.ends_at && v.starts_at >= v.ends_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'COUPON_DATES_INVALID' });
};

/** POST /admin/coupons: a code typed, or one generated (`prefix` + random letters and digits). */
export const CreateInput = Terms.extend({
  code: Code.optional(),
  quota: z.number().int().positive().max(10_000_000),
}).superRefine(termsChecked);
export type CreateInput = z.infer<typeof CreateInput>;

/** POST /admin/coupons/batches: `count` codes, each used `quota` times (once by default). */
export const BatchInput = Terms.extend({
  count: z.number().int().min(1).max(BATCH_MAX),
  prefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,12}$/, 'COUPON_PREFIX_INVALID')
    .default(''),
  quota: z.number().int().positive().max(1_000_000).default(1),
}).superRefine(termsChecked);
export type BatchInput = z.infer<typeof BatchInput>;

/** PATCH /admin/coupons/:code: new dates and/or quota (the quota never below the uses already made). */
export const EditInput = z
  .object({ starts_at: When(false).optional(), ends_at: When(true).optional(), quota: z.number().int().positive().max(10_000_000).optional(), reason: Reason })
  .refine((v) => v.starts_at !== undefined || v.ends_at !== undefined || v.quota !== undefined, 'COUPON_NOTHING_TO_CHANGE');
export type EditInput = z.infer<typeof EditInput>;

export const DisableInput = z.object({ reason: Reason });
/** POST /admin/coupons/disable: up to 200 codes of a page at once. */
export const BulkDisableInput = z.object({ codes: z.array(Code).min(1).max(200), reason: Reason });

export const ListQuery = z.object({
  /** The start of a code (case does not matter). */
  q: z.string().trim().toUpperCase().max(32).optional(),
  status: z.enum(COUPON_STATUSES).optional(),
  batch: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type ListQuery = z.infer<typeof ListQuery>;
export const PageQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), offset: z.coerce.number().int().min(0).max(100_000).default(0) });

/** One coupon as the console shows it: its terms, its status now, its uses. */
export const CouponView = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  currency: z.enum(CURRENCIES).nullable(),
  plan_ids: z.array(z.number().int()).nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  quota: z.number().int(),
  uses: z.number().int(),
  status: z.enum(COUPON_STATUSES),
  batch_id: z.string().nullable(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
});
export type CouponView = z.infer<typeof CouponView>;

/** GET /admin/coupons: a page, newest first; `next_offset` null on the last page. */
export const CouponList = z.object({ coupons: z.array(CouponView), next_offset: z.number().int().nullable() });
export type CouponList = z.infer<typeof CouponList>;

/** One use: who, when, which payment. */
export const CouponUse = z.object({
  user_id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  redeemed_at: z.string(),
  transaction_id: z.string(),
  state: z.enum(TRANSACTION_STATES).nullable(),
  method: z.string().nullable(),
  amount: z.number().int().nullable(),
  discount: z.number().int().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
});
export type CouponUse = z.infer<typeof CouponUse>;

/** GET /admin/coupons/:code: the coupon and a page of its uses, newest first. */
export const CouponDetail = z.object({ coupon: CouponView, uses: z.array(CouponUse), next_offset: z.number().int().nullable() });
export type CouponDetail = z.infer<typeof CouponDetail>;

export const BatchView = z.object({
  id: z.string(),
  prefix: z.string(),
  count: z.number().int(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  currency: z.enum(CURRENCIES).nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  quota: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  /** Codes of the batch used at least once. */
  used: z.number().int(),
});
export type BatchView = z.infer<typeof BatchView>;
export const BatchList = z.object({ batches: z.array(BatchView), next_offset: z.number().int().nullable() });
export type BatchList = z.infer<typeof BatchList>;

/** POST /admin/coupons/batches: the batch made and where its CSV is. */
export const BatchMade = z.object({ batch: BatchView, csv: z.string() });
