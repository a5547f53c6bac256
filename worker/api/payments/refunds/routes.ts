import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../env';
import { csvFile } from '../../../rules/csv';
import { LANGS } from '../../../rules/lang';
import { PAYMENT_METHODS } from '../../../rules/payment-methods';
import { CURRENCIES } from '../../../rules/subscription';
import { now } from '../../kernel/clock';
import { answer, refuse, type RefusalAnswers } from '../../kernel/refusals';
import { actorOf, can, originOf } from '../../kernel/staff';
import { validationHook } from '../../kernel/validation';
import { mailer } from '../../../messaging';
import { afterAnswer, executionContext } from '../notify';
import { documentPdf } from '../invoices';
import { providerById } from '../providers';
import { creditNoteDocument, creditNoteNumberOf } from './credit-notes';
import { notifyRefund } from './notify';
import { findPayments, listRefunds, paymentDetail, refundDueQueue, refundViewById, type Prefixes, type RefundFilters } from './queries';
import { refundPayment, type RefundRefusal } from './refund';
import { REFUND_EFFECTS, REFUND_STATES, type RefundView } from './schemas';

/**
 * Refunds and credit notes (issue 32), a Hono app mounted at /admin/refunds (every route needs a
 * console session with the permission named):
 *   GET  /                          refunds.read    the refunds, newest first: ?from=&to= (dates or times, to exclusive of the next day),
 *                                                   &provider=&method=&currency=&staff= (id or email)&state= (done|refused|claimed)
 *                                                   &limit=&cursor=; ?format=csv downloads them (up to 10,000)
 *   GET  /payments?q=               refunds.read    a payment by transaction id or invoice number (TAF-2026-000042 or 42)
 *   GET  /payments/:transactionId   refunds.read    the payment: captured, refunded, held, refundable, invoice, its refunds
 *   POST /                          refunds.create  { transactionId, amount, currency, reason, effect, idempotencyKey } → 201 { refund } (200 when sent again)
 *   GET  /credit-notes/:number.pdf  refunds.read    a credit note's PDF, in its customer's language
 *   GET  /refund-due                refunds.read    the payments whose buyers are owed their money (event orders whose seats were gone…), oldest first
 * Refusals answer `{ status, message: "CODE: detail" }` through REFUND_REFUSALS.
 */

type Ctx = Context<AppEnv>;

/** Every refusal of the refunds' routes and its HTTP answer. */
export const REFUND_REFUSALS = {
  PAYMENT_NOT_FOUND: [404, 'PAYMENT_NOT_FOUND'],
  PAYMENT_NOT_REFUNDABLE: [409, 'PAYMENT_NOT_REFUNDABLE'],
  REFUND_CURRENCY: [400, 'REFUND_CURRENCY'],
  REFUND_AMOUNT: [400, 'REFUND_AMOUNT'],
  REFUND_TOO_LARGE: [409, 'REFUND_TOO_LARGE'],
  REASON_REQUIRED: [400, 'REASON_REQUIRED'],
  REFUND_KEY_REUSED: [409, 'REFUND_KEY_REUSED'],
  REFUND_IN_PROGRESS: [409, 'REFUND_IN_PROGRESS'],
  PROVIDER_REFUSED: [422, 'PROVIDER_REFUSED'],
  PROVIDER_UNAVAILABLE: [502, 'PROVIDER_UNAVAILABLE'],
  CREDIT_NOTE_NOT_FOUND: [404, 'CREDIT_NOTE_NOT_FOUND'],
} as const satisfies RefusalAnswers<RefundRefusal | 'CREDIT_NOTE_NOT_FOUND'>;

/** A day (2026-11-24) or a time (ISO 8601); a day as the end of a range takes the whole day. */
const Day = /^\d{4}-\d{2}-\d{2}$/;
const When = (end: boolean) =>
  z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'a date (YYYY-MM-DD) or an ISO time')
    .transform((v) => (Day.test(v) && end ? new Date(Date.parse(v) + 86_400_000) : new Date(v)).toISOString());

const ListQuery = z.object({
  from: When(false).optional(),
  to: When(true).optional(),
  provider: z.string().regex(/^[a-z]{2,20}$/).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  currency: z.enum(CURRENCIES).optional(),
  staff: z.string().trim().min(1).max(200).optional(),
  state: z.enum(REFUND_STATES).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  format: z.enum(['json', 'csv']).default('json'),
});
const SearchQuery = z.object({ q: z.string().trim().min(1).max(100), lang: z.enum(LANGS).default('en') });
const LangQuery = z.object({ lang: z.enum(LANGS).default('en') });
const QueueQuery = LangQuery.extend({ limit: z.coerce.number().int().min(1).max(200).default(50), offset: z.coerce.number().int().min(0).max(100_000).default(0) });
const TxParam = z.object({ transactionId: z.string().uuid() });
const RefundBody = z.object({
  transactionId: z.string().uuid(),
  amount: z.number({ error: 'REFUND_AMOUNT' }).int('REFUND_AMOUNT').positive('REFUND_AMOUNT').max(2 ** 31, 'REFUND_AMOUNT'),
  currency: z.enum(CURRENCIES, { error: 'REFUND_CURRENCY' }),
  reason: z.string({ error: 'REASON_REQUIRED' }).max(2000, 'REASON_REQUIRED'),
  effect: z.enum(REFUND_EFFECTS),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
});

/** The CSV export's ceiling (one download; narrower filters for more). */
const CSV_ROWS = 10_000;

const prefixesOf = (c: Ctx): Prefixes => ({ invoice: c.env.INVOICE_PREFIX, creditNote: c.env.CREDIT_NOTE_PREFIX });

const csvRow = (r: RefundView) => [
  r.created_at, r.id, r.transaction_id, r.credit_note?.number ?? null, r.customer.email, r.provider, r.method, r.currency, r.amount, (r.amount / 100).toFixed(2),
  r.effect, r.reason, r.staff.email, r.state, r.provider_ref,
];
const CSV_HEADER = ['created_at', 'refund', 'transaction', 'credit_note', 'customer', 'provider', 'method', 'currency', 'amount_minor', 'amount', 'effect', 'reason', 'staff', 'state', 'provider_ref'];

export const refunds = new Hono<AppEnv>()
  .get('/', can('refunds.read'), zValidator('query', ListQuery, validationHook), async (c) => {
    const { limit, cursor, format, ...filters } = c.req.valid('query');
    const wanted: RefundFilters = filters;
    if (format === 'csv') {
      const { refunds: rows } = await listRefunds(c.env.DB, wanted, { limit: CSV_ROWS }, prefixesOf(c));
      return c.body(`\uFEFF${csvFile(CSV_HEADER, rows.map(csvRow))}`, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="refunds-${now(c).toISOString().slice(0, 10)}.csv"`,
        'Cache-Control': 'private, no-store',
      });
    }
    return c.json(await listRefunds(c.env.DB, wanted, { limit, cursor }, prefixesOf(c)));
  })

  .get('/payments', can('refunds.read'), zValidator('query', SearchQuery, validationHook), async (c) => {
    const { q, lang } = c.req.valid('query');
    return c.json({ payments: await findPayments(c.env.DB, q, lang, prefixesOf(c)) });
  })

  .get(
    '/payments/:transactionId',
    can('refunds.read'),
    zValidator('param', TxParam, validationHook),
    zValidator('query', LangQuery, validationHook),
    async (c) => {
      const id = c.req.valid('param').transactionId;
      const payment = await paymentDetail(c.env.DB, id, c.req.valid('query').lang, prefixesOf(c));
      return payment ? c.json(payment) : refuse(REFUND_REFUSALS, 'PAYMENT_NOT_FOUND', id);
    },
  )

  .post('/', can('refunds.create'), zValidator('json', RefundBody, validationHook), async (c) => {
    const input = c.req.valid('json');
    const db = c.env.DB;
    const made = answer(
      REFUND_REFUSALS,
      await refundPayment({ db, provider: (id) => providerById(c.env, id) }, { ...input, actor: actorOf(c), origin: originOf(c) }, now(c)),
    );
    const view = await refundViewById(db, made.refund.id, prefixesOf(c));
    if (!view) return refuse(REFUND_REFUSALS, 'REFUND_IN_PROGRESS', made.refund.id);
    const origin = c.env.PUBLIC_ORIGIN.replace(/\/+$/, '');
    await afterAnswer(executionContext(c), notifyRefund({ db, mail: mailer(c.env), origin, prefixes: prefixesOf(c) }, made));
    return c.json({ refund: view, replayed: !made.fresh }, made.fresh ? 201 : 200);
  })

  .get('/credit-notes/:file', can('refunds.read'), async (c) => {
    const match = /^(.{1,40})\.pdf$/.exec(c.req.param('file'));
    const number = match?.[1] ? creditNoteNumberOf(match[1]) : null;
    if (number === null) return refuse(REFUND_REFUSALS, 'CREDIT_NOTE_NOT_FOUND', c.req.param('file'));
    const doc = await creditNoteDocument(c.env.DB, c.env, number);
    return doc ? documentPdf(c.env.MEDIA, 'credit-notes', doc) : refuse(REFUND_REFUSALS, 'CREDIT_NOTE_NOT_FOUND', String(number));
  })

  .get('/refund-due', can('refunds.read'), zValidator('query', QueueQuery, validationHook), async (c) => {
    const { lang, limit, offset } = c.req.valid('query');
    return c.json(await refundDueQueue(c.env.DB, { limit, offset }, lang, prefixesOf(c)));
  });
