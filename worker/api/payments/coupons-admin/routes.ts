import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../../env';
import { csvFile } from '../../../rules/csv';
import { normalizeCoupon } from '../../../rules/payment-methods';
import { now } from '../../kernel/clock';
import { answer, refuse, type RefusalAnswers } from '../../kernel/refusals';
import { actorOf, can, originOf } from '../../kernel/staff';
import { validationHook } from '../../kernel/validation';
import { createCoupon, disableCoupon, disableCoupons, editCoupon, generateBatch, type Change, type CouponRefusal } from './manage';
import { batchCodes, findBatch, findCouponView, listBatches, listCoupons, usesOf } from './queries';
import { BatchInput, BulkDisableInput, CreateInput, DisableInput, EditInput, ListQuery, PageQuery } from './schemas';

/**
 * Coupons (issue 32), a Hono app mounted at /admin/coupons (a console session with the permission named):
 *   GET   /                    coupons.read   ?q= (start of a code) &status=active|scheduled|expired|disabled &batch= &limit= &offset=
 *                                             → { coupons: [CouponView], next_offset }
 *   POST  /                    coupons.write  CreateInput (code typed or generated) → 201 { coupon }
 *   GET   /batches             coupons.read   ?limit=&offset= → { batches: [BatchView], next_offset }
 *   POST  /batches             coupons.write  BatchInput (count ≤ 10,000) → 201 { batch, csv }
 *   GET   /batches/:id.csv     coupons.read   the batch's codes (UTF-8 with a BOM)
 *   GET   /:code               coupons.read   ?limit=&offset= → { coupon, uses: [CouponUse], next_offset }
 *   PATCH /:code               coupons.write  { starts_at?, ends_at?, quota?, reason } → { coupon }
 *   POST  /:code/disable       coupons.write  { reason } → { coupon }
 *   POST  /disable             coupons.write  { codes: [≤ 200], reason } → { disabled: [codes this call stopped] }
 * Every change is audited with its reason (coupon.create, coupon.batch, coupon.edit, coupon.disable).
 */

type Ctx = Context<AppEnv>;

export const COUPON_REFUSALS = {
  COUPON_EXISTS: [409, 'COUPON_EXISTS'],
  COUPON_NOT_FOUND: [404, 'COUPON_NOT_FOUND'],
  PLAN_NOT_FOUND: [404, 'PLAN_NOT_FOUND', 'no such plan'],
  COUPON_DATES_INVALID: [400, 'COUPON_DATES_INVALID', 'the start must come before the end'],
  COUPON_QUOTA_BELOW_USES: [409, 'COUPON_QUOTA_BELOW_USES'],
  COUPON_ALREADY_DISABLED: [409, 'COUPON_ALREADY_DISABLED'],
  COUPON_CODES_EXHAUSTED: [503, 'COUPON_CODES_EXHAUSTED', 'no free codes found, try again'],
  BATCH_NOT_FOUND: [404, 'BATCH_NOT_FOUND'],
} as const satisfies RefusalAnswers<CouponRefusal | 'BATCH_NOT_FOUND'>;

const change = (c: Ctx): Change => ({ db: c.env.DB, actor: actorOf(c), origin: originOf(c), now: now(c) });
const CodeParam = z.object({ code: z.string().max(40).transform((v, ctx) => normalizeCoupon(v) ?? (ctx.addIssue({ code: 'custom', message: 'COUPON_NOT_FOUND' }), z.NEVER)) });
const BatchFile = z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.csv$/, 'BATCH_NOT_FOUND') });

const csv = (c: Ctx, name: string, header: string[], rows: (string | number | null)[][]) =>
  c.body(`\uFEFF${csvFile(header, rows)}`, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' });

async function couponOr404(c: Ctx, code: string) {
  return (await findCouponView(c.env.DB, code, now(c))) ?? refuse(COUPON_REFUSALS, 'COUPON_NOT_FOUND', code);
}

export const coupons = new Hono<AppEnv>()
  .get('/', can('coupons.read'), zValidator('query', ListQuery, validationHook), async (c) => c.json(await listCoupons(c.env.DB, c.req.valid('query'), now(c))))

  .post('/', can('coupons.write'), zValidator('json', CreateInput, validationHook), async (c) => {
    const made = answer(COUPON_REFUSALS, await createCoupon(change(c), c.req.valid('json')));
    return c.json({ coupon: await couponOr404(c, made.code) }, 201);
  })

  .post('/disable', can('coupons.write'), zValidator('json', BulkDisableInput, validationHook), async (c) => {
    const { codes, reason } = c.req.valid('json');
    return c.json(await disableCoupons(change(c), codes, reason));
  })

  .get('/batches', can('coupons.read'), zValidator('query', PageQuery, validationHook), async (c) => {
    const { limit, offset } = c.req.valid('query');
    return c.json(await listBatches(c.env.DB, limit, offset));
  })

  .post('/batches', can('coupons.write'), zValidator('json', BatchInput, validationHook), async (c) => {
    const made = answer(COUPON_REFUSALS, await generateBatch(change(c), c.req.valid('json')));
    const batch = (await findBatch(c.env.DB, made.id)) ?? refuse(COUPON_REFUSALS, 'BATCH_NOT_FOUND', made.id);
    return c.json({ batch, csv: `/admin/coupons/batches/${batch.id}.csv` }, 201);
  })

  .get('/batches/:file', can('coupons.read'), zValidator('param', BatchFile, validationHook), async (c) => {
    const id = c.req.valid('param').file.slice(0, -4);
    const batch = (await findBatch(c.env.DB, id)) ?? refuse(COUPON_REFUSALS, 'BATCH_NOT_FOUND', id);
    const codes = await batchCodes(c.env.DB, id);
    const rows = codes.map((r) => [r.code, batch.kind, batch.value, batch.currency, batch.starts_at, batch.ends_at, batch.quota, r.uses]);
    return csv(c, `coupons-${batch.prefix || 'batch'}-${batch.created_at.slice(0, 10)}.csv`, ['code', 'kind', 'value', 'currency', 'starts_at', 'ends_at', 'quota', 'uses'], rows);
  })

  .get('/:code', can('coupons.read'), zValidator('param', CodeParam, validationHook), zValidator('query', PageQuery, validationHook), async (c) => {
    const { code } = c.req.valid('param');
    const { limit, offset } = c.req.valid('query');
    const coupon = await couponOr404(c, code);
    return c.json({ coupon, ...(await usesOf(c.env.DB, code, limit, offset)) });
  })

  .patch('/:code', can('coupons.write'), zValidator('param', CodeParam, validationHook), zValidator('json', EditInput, validationHook), async (c) => {
    const { code } = c.req.valid('param');
    answer(COUPON_REFUSALS, await editCoupon(change(c), code, c.req.valid('json')));
    return c.json({ coupon: await couponOr404(c, code) });
  })

  .post('/:code/disable', can('coupons.write'), zValidator('param', CodeParam, validationHook), zValidator('json', DisableInput, validationHook), async (c) => {
    const { code } = c.req.valid('param');
    answer(COUPON_REFUSALS, await disableCoupon(change(c), code, c.req.valid('json').reason));
    return c.json({ coupon: await couponOr404(c, code) });
  });
