import { Hono, type Context } from 'hono';
import { VoucherPage } from '../../../client/pages/cash/VoucherPage';
import type { FormState } from '../../../client/components/FormState';
import { Transaction } from '../../api/payments/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { callApi } from '../../session/auth';
import { done, loggedIn, sessionEnded, toLogin } from '../kit/account';
import { readForm, renderForm } from '../form';
import { loadPlanOrPack, serverApi } from '../loaders';
import { apiFailure, type Status } from '../kit/failures';

/**
 * Cash vouchers (issue 14; spec §9 valid 4 days): /payments/voucher/{id} shows one (reference, scannable
 * code, amount, countdown, where to pay) and cancels it (POST intent=cancel). Agents' collections
 * show here too, for their owner, without the cancel.
 */

type Ctx = Context<AppEnv>;

const isTxId = (value: string): boolean => /^[0-9a-f-]{36}$/.test(value);

/** The agencies of CASH_AGENCIES, as a list. */
const agenciesOf = (value: string): string[] => value.split(',').map((a) => a.trim()).filter(Boolean);

async function renderVoucher(c: Ctx, id: string, form?: FormState, status: Status = 200) {
  const tx = await serverApi(c).request(`/payments/transactions/${id}`, (v) => Transaction.parse(v)).catch(() => null);
  if (!tx || !tx.voucher_ref) return c.notFound();
  const plan = await loadPlanOrPack(c, tx.plan_id);
  const t = translate(c.get('lang'));
  // The sandbox agency counter exists only where the sandbox is the cash network (development).
  const sandbox = tx.provider === 'sandbox' && tx.state === 'pending' ? `/payments/sandbox/agency?reference=${tx.voucher_ref}&lang=${c.get('lang')}` : null;
  const page = (
    <VoucherPage
      tx={tx}
      plan={plan}
      agencies={agenciesOf(c.env.CASH_AGENCIES)}
      sandboxAgency={sandbox}
      now={new Date().toISOString()}
      form={form}
    />
  );
  return renderForm(c, page, { title: t('VOUCHER_TITLE') }, status);
}

async function cancel(c: Ctx, id: string) {
  // The body first: a bad one is the form's error (400, 413) whatever the address.
  const form = await readForm(c);
  if (!isTxId(id)) return c.notFound();
  if (form.intent !== 'cancel') return renderVoucher(c, id, { message: { kind: 'danger', key: 'ERROR_OCCURRED' } }, 400);
  try {
    await callApi(c, `/payments/transactions/${id}/cancel`, 'POST');
    return done(c, 'VOUCHER_CANCELLED', `/payments/voucher/${id}`);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, `/payments/voucher/${id}`);
    const { key, status } = apiFailure(error);
    return renderVoucher(c, id, { message: { kind: 'danger', key } }, status);
  }
}

export const cashPages = new Hono<AppEnv>()
  .get('/payments/voucher/:id', (c) => {
    const id = c.req.param('id');
    if (!loggedIn(c)) return toLogin(c, `/payments/voucher/${id}`);
    return isTxId(id) ? renderVoucher(c, id) : c.notFound();
  })
  .post('/payments/voucher/:id', (c) => {
    const id = c.req.param('id');
    if (!loggedIn(c)) return toLogin(c, `/payments/voucher/${id}`);
    return cancel(c, id);
  });
