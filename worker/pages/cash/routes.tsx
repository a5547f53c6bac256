import { VoucherPage } from '../../../client/pages/cash/VoucherPage';
import type { FormState } from '../../../client/components/FormState';
import { Transaction } from '../../api/payments/schemas';
import { callApi } from '../../session/auth';
import { done } from '../kit/account';
import { definePage, formFailure, type Ctx, type Form, type Shown } from '../kit/page';
import { loadPlanOrPack, serverApi } from '../loaders';

/**
 * Cash vouchers (issue 14; spec §9 valid 4 days): /payments/voucher/{id} shows one (reference, scannable
 * code, amount, countdown, where to pay) and cancels it (POST intent=cancel). Agents' collections
 * show here too, for their owner, without the cancel.
 */

const isTxId = (value: string): boolean => /^[0-9a-f-]{36}$/.test(value);

/** The agencies of CASH_AGENCIES, as a list. */
const agenciesOf = (value: string): string[] => value.split(',').map((a) => a.trim()).filter(Boolean);

async function loadVoucher(c: Ctx, id: string) {
  if (!isTxId(id)) return c.notFound();
  const tx = await serverApi(c).request(`/payments/transactions/${id}`, (v) => Transaction.parse(v)).catch(() => null);
  if (!tx || !tx.voucher_ref) return c.notFound();
  const plan = await loadPlanOrPack(c, tx.plan_id);
  // The sandbox agency counter exists only where the sandbox is the cash network (development).
  const sandbox = tx.provider === 'sandbox' && tx.state === 'pending' ? `/payments/sandbox/agency?reference=${tx.voucher_ref}&lang=${c.get('lang')}` : null;
  return { tx, plan, agencies: agenciesOf(c.env.CASH_AGENCIES), sandboxAgency: sandbox, now: new Date().toISOString() };
}

async function cancel(c: Ctx, id: string, form: Form): Promise<Response | Shown<FormState>> {
  // The body was read first: a bad one is the form's error (400, 413) whatever the address.
  if (!isTxId(id)) return c.notFound();
  if (form.intent !== 'cancel') return { state: { message: { kind: 'danger', key: 'ERROR_OCCURRED' } }, status: 400 };
  try {
    await callApi(c, `/payments/transactions/${id}/cancel`, 'POST');
    return done(c, 'VOUCHER_CANCELLED', `/payments/voucher/${id}`);
  } catch (error) {
    const { key, status } = formFailure(error);
    return { state: { message: { kind: 'danger', key } }, status };
  }
}

export const pages = definePage({
  path: '/payments/voucher/:id',
  who: 'member',
  load: ({ c }) => loadVoucher(c, c.req.param('id') ?? ''),
  view: (props, { t }, { state, status }: Shown<FormState>) => ({ element: <VoucherPage {...props} form={state} />, meta: { title: t('VOUCHER_TITLE') }, status }),
  action: ({ c }, form) => cancel(c, c.req.param('id') ?? '', form),
});
