import { zValidator } from '@hono/zod-validator';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../env';
import { limiter } from '../../../limits';
import { mailer, smsSender } from '../../../messaging';
import { CUSTOMER_QUERY_MAX } from '../../../rules/customer-search';
import { Reason } from '../../../rules/staff';
import { now } from '../../kernel/clock';
import { checkCode, createCode, useCode } from '../../kernel/codes';
import { answer, refuse, type RefusalAnswers } from '../../kernel/refusals';
import { publicOrigin, sendCode } from '../../kernel/request';
import { can, originOf, staffOf } from '../../kernel/staff';
import { validationHook } from '../../kernel/validation';
import { GRANT_MAX_DAYS } from '../../payments/grants';
import { attemptsOf, once } from '../../payments/once';
import { providerById } from '../../payments/providers';
import { confirmEmailChange, grantDays, removePin, requestEmailChange, resendVerification, setSuspended, signOutEverywhere, type Acting, type ActionRefusal, type Codes, type Notices } from './actions';
import { BULK_MAX, bulkAct } from './bulk';
import { ActionAnswer, BULK_ACTIONS, CUSTOMER_SORTS, CustomerFilters, MATCHES_MAX, SEARCH_PAGE, SEARCH_PAGE_MAX, TIMELINE_SOURCES, type BulkAnswer, type CustomerAction } from './schemas';
import { searchCustomers } from './search';
import { decodeCursor, timeline, TIMELINE_PAGE, TIMELINE_PAGE_MAX, type TimelineQuery } from './timeline';
import { customerAccount, customerView } from './view';

/**
 * The customer's whole story (issue 32), mounted at /admin/customers:
 *   GET  /search?q=                              customers.read  accounts by email, phone, name, account/transaction/order id,
 *                                                                 invoice number, voucher or provider reference, contact ticket,
 *                                                                 e-ticket code, library card (worker/rules/customer-search.ts);
 *        &sort=relevance|newest|oldest|email&page=&limit=(1..500, 25)&status=active|suspended&standing=premium|free&from=&to=
 *                                                                 one page of the accounts found (schemas.ts CustomerSearch)
 *   GET  /:userId[?limit=&sources=]              customers.read  the account at a glance and the first page of its story
 *   GET  /:userId/timeline?cursor=&limit=&sources=  customers.read  the following pages (newest first)
 *   POST /bulk                                   customers.act   { action: suspend|reinstate|sign-out|resend-verification,
 *                                                                 user_ids (1..100), reason }: each account as its single
 *                                                                 action does it (audited one by one); { action, done, refused }
 *   POST /:userId/suspend | /reinstate            customers.act   { reason }
 *   POST /:userId/sign-out                        customers.act   { reason }: every session ends
 *   POST /:userId/profiles/:profileId/remove-pin  customers.act   { reason }: the customer is told
 *   POST /:userId/verification                    customers.act   { reason }: a new email verification code
 *   POST /:userId/premium                         customers.act   { reason, days, planId?, attempt? }: a zero-amount invoice
 *   POST /:userId/email                           customers.act   { reason, email }: a code sent to the new address
 *   POST /:userId/email/confirm                   customers.act   { reason, email, code }: the address becomes the account's
 * Every action needs a reason (400 REASON_REQUIRED, nothing written) and writes one audit entry.
 */

type Refusal = ActionRefusal | 'REASON_REQUIRED' | 'BAD_CURSOR' | 'PAYMENT_IN_PROGRESS';

/** The refusals of the customer routes as HTTP answers (the console translates ADMIN_CUSTOMERS_REFUSAL_<code>). */
export const CUSTOMER_REFUSALS: RefusalAnswers<Refusal> = {
  USER_NOT_FOUND: [404, 'USER_NOT_FOUND'],
  USER_GONE: [404, 'USER_NOT_FOUND'],
  REASON_REQUIRED: [400, 'REASON_REQUIRED', 'reason'],
  BAD_CURSOR: [400, 'BAD_CURSOR', 'cursor'],
  OWN_ACCOUNT: [403, 'OWN_ACCOUNT', 'another staff member acts on your own account'],
  STAFF_ACCOUNT: [403, 'STAFF_ACCOUNT', 'a staff account is acted on by an administrator'],
  ALREADY_SUSPENDED: [409, 'ALREADY_SUSPENDED'],
  NOT_SUSPENDED: [409, 'NOT_SUSPENDED'],
  PROFILE_NOT_FOUND: [404, 'PROFILE_NOT_FOUND'],
  NO_PIN: [409, 'NO_PIN'],
  NO_EMAIL: [409, 'NO_EMAIL'],
  ALREADY_VERIFIED: [409, 'ALREADY_VERIFIED'],
  CODE_TOO_FREQUENT: [429, 'CODE_TOO_FREQUENT'],
  EMAIL_INVALID: [400, 'VALID_EMAIL_REQUIRED', 'email'],
  EMAIL_UNCHANGED: [409, 'EMAIL_UNCHANGED'],
  EMAIL_TAKEN: [409, 'EMAIL_TAKEN'],
  INVALID_CODE: [400, 'INVALID_CODE', 'code'],
  EMAIL_CHANGED: [409, 'EMAIL_CHANGED', 'the account changed meanwhile: read it again'],
  SEND_FAILED: [502, 'SEND_FAILED'],
  PLAN_REQUIRED: [400, 'PLAN_REQUIRED', 'planId'],
  PLAN_NOT_FOUND: [404, 'PLAN_NOT_FOUND'],
  PROVIDER_RENEWS: [409, 'PROVIDER_RENEWS'],
  /** The same grant form was sent again and the first is still running. */
  PAYMENT_IN_PROGRESS: [409, 'PAYMENT_IN_PROGRESS'],
};

const UserParam = z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const ProfileParam = UserParam.extend({ profileId: z.coerce.number().int().positive().max(2 ** 31) });
const SearchQuery = CustomerFilters.extend({
  q: z.string().max(CUSTOMER_QUERY_MAX),
  sort: z.enum(CUSTOMER_SORTS).default('relevance'),
  /** Pages are a bounded OFFSET over at most MATCHES_MAX accounts found. */
  page: z.coerce.number().int().min(1).max(MATCHES_MAX).default(1),
  limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE),
});
const Sources = z
  .string()
  .max(200)
  .transform((text) => text.split(',').filter(Boolean))
  .pipe(z.array(z.enum(TIMELINE_SOURCES)));
const PageQuery = z.object({ limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE), sources: Sources.default([]) });
const TimelineParams = PageQuery.extend({ cursor: z.string().max(400).optional() });

const WithReason = z.object({ reason: Reason });
const GrantInput = WithReason.extend({
  days: z.number().int().min(1).max(GRANT_MAX_DAYS),
  planId: z.number().int().positive().max(2 ** 31).optional(),
  /** A random id the console's form carries: the same form sent twice grants once (worker/api/payments/once.ts). */
  attempt: z.string().uuid().optional(),
});
const BulkInput = WithReason.extend({ action: z.enum(BULK_ACTIONS), user_ids: z.array(UserParam.shape.userId).min(1).max(BULK_MAX) });
const EmailInput = WithReason.extend({ email: z.string().max(254) });
const ConfirmInput = EmailInput.extend({ code: z.string().trim().regex(/^\d{6}$/, 'INVALID_CODE') });

type Ctx = Context<AppEnv>;

/** An action's body must carry a reason a person wrote: else 400 REASON_REQUIRED before anything is read or written. */
const needsReason: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body: unknown = await c.req.json().catch(() => null);
  if (!WithReason.safeParse(body).success) refuse(CUSTOMER_REFUSALS, 'REASON_REQUIRED');
  await next();
};

const acting = (c: Ctx, reason: string): Acting => ({ db: c.env.DB, staff: staffOf(c), reason, origin: originOf(c), now: now(c) });

const notices = (c: Ctx): Notices => ({ mail: mailer(c.env), sms: smsSender(c.env), origin: publicOrigin(c) });

function codes(c: Ctx): Codes {
  return {
    allow: async (to) => {
      const state = await limiter(c.env).consume('code-email', to);
      return state.allowed ? 0 : state.retryAfter;
    },
    create: (to, purpose) => createCode(c.env, 'email', to, purpose),
    check: (to, purpose, code) => checkCode(c.env, 'email', to, purpose, code),
    use: (id) => useCode(c.env.DB, id),
    sendVerification: (to, lang, code) => sendCode(c.env, 'email', to, lang, code),
  };
}

const acted = (c: Ctx, action: CustomerAction, userId: string, fields: Record<string, string | number | boolean | null>) => c.json({ action, userId, ...fields } satisfies ActionAnswer);

const act = can('customers.act');
const read = can('customers.read');

export const customers = new Hono<AppEnv>()
  .get('/search', read, zValidator('query', SearchQuery, validationHook), async (c) => {
    const { q, sort, page, limit, ...filters } = c.req.valid('query');
    return c.json(await searchCustomers(c.env.DB, q, { sort, page, limit, filters }, now(c)));
  })

  .post('/bulk', act, needsReason, zValidator('json', BulkInput, validationHook), async (c) => {
    const { action, user_ids, reason } = c.req.valid('json');
    const out = await bulkAct(acting(c, reason), codes(c), action, user_ids);
    return c.json({ action, done: out.done, refused: out.refused.map(({ userId, refusal }) => ({ userId, code: CUSTOMER_REFUSALS[refusal][1] })) } satisfies BulkAnswer);
  })

  .get('/:userId', read, zValidator('param', UserParam, validationHook), zValidator('query', PageQuery, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const { limit, sources } = c.req.valid('query');
    const view = await customerView({ db: c.env.DB, invoicePrefix: c.env.INVOICE_PREFIX }, userId, now(c), { after: null, limit, sources });
    if (!view) refuse(CUSTOMER_REFUSALS, 'USER_NOT_FOUND', userId);
    return c.json(view);
  })

  .get('/:userId/timeline', read, zValidator('param', UserParam, validationHook), zValidator('query', TimelineParams, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const { cursor, limit, sources } = c.req.valid('query');
    const after = cursor === undefined ? null : decodeCursor(cursor);
    if (cursor !== undefined && !after) refuse(CUSTOMER_REFUSALS, 'BAD_CURSOR');
    const account = await customerAccount(c.env.DB, userId);
    if (!account) refuse(CUSTOMER_REFUSALS, 'USER_NOT_FOUND', userId);
    const query: TimelineQuery = { after, limit, sources };
    return c.json(await timeline({ db: c.env.DB, invoicePrefix: c.env.INVOICE_PREFIX }, { userId, email: account.email, phone: account.phone }, query));
  })

  .post('/:userId/suspend', act, zValidator('param', UserParam, validationHook), needsReason, zValidator('json', WithReason, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const out = answer(CUSTOMER_REFUSALS, await setSuspended(acting(c, c.req.valid('json').reason), userId, true));
    return acted(c, 'suspend', userId, out);
  })

  .post('/:userId/reinstate', act, zValidator('param', UserParam, validationHook), needsReason, zValidator('json', WithReason, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const out = answer(CUSTOMER_REFUSALS, await setSuspended(acting(c, c.req.valid('json').reason), userId, false));
    return acted(c, 'reinstate', userId, out);
  })

  .post('/:userId/sign-out', act, zValidator('param', UserParam, validationHook), needsReason, zValidator('json', WithReason, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const out = answer(CUSTOMER_REFUSALS, await signOutEverywhere(acting(c, c.req.valid('json').reason), userId));
    return acted(c, 'sign_out', userId, out);
  })

  .post('/:userId/profiles/:profileId/remove-pin', act, zValidator('param', ProfileParam, validationHook), needsReason, zValidator('json', WithReason, validationHook), async (c) => {
    const { userId, profileId } = c.req.valid('param');
    const out = answer(CUSTOMER_REFUSALS, await removePin(acting(c, c.req.valid('json').reason), notices(c), userId, profileId));
    return acted(c, 'pin_remove', userId, out);
  })

  .post('/:userId/verification', act, zValidator('param', UserParam, validationHook), needsReason, zValidator('json', WithReason, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const out = answer(CUSTOMER_REFUSALS, await resendVerification(acting(c, c.req.valid('json').reason), codes(c), userId));
    return acted(c, 'verification_resend', userId, out);
  })

  .post('/:userId/premium', act, zValidator('param', UserParam, validationHook), needsReason, zValidator('json', GrantInput, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const { reason, days, planId, attempt } = c.req.valid('json');
    const recurringOf = (id: string) => providerById(c.env, id)?.recurring ?? null;
    const grant = async (): Promise<ActionAnswer> => ({ action: 'premium_grant', userId, ...answer(CUSTOMER_REFUSALS, await grantDays(acting(c, reason), { recurringOf }, userId, { days, planId })) });
    if (!attempt) return c.json(await grant());
    // The console's form carries a random attempt: pressed twice (or sent 20 times at once), it grants once and answers the same.
    const key = `admin-premium:${staffOf(c).userId}:${userId}:${attempt}`;
    return c.json(answer(CUSTOMER_REFUSALS, await once(attemptsOf(c.env), key, grant, (value) => ActionAnswer.parse(value))));
  })

  .post('/:userId/email', act, zValidator('param', UserParam, validationHook), needsReason, zValidator('json', EmailInput, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const { reason, email } = c.req.valid('json');
    const out = answer(CUSTOMER_REFUSALS, await requestEmailChange(acting(c, reason), codes(c), notices(c), userId, email));
    return acted(c, 'email_change_request', userId, out);
  })

  .post('/:userId/email/confirm', act, zValidator('param', UserParam, validationHook), needsReason, zValidator('json', ConfirmInput, validationHook), async (c) => {
    const { userId } = c.req.valid('param');
    const { reason, email, code } = c.req.valid('json');
    const out = answer(CUSTOMER_REFUSALS, await confirmEmailChange(acting(c, reason), codes(c), notices(c), userId, email, code));
    return acted(c, 'email_change', userId, out);
  });
