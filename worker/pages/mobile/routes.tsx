import { MobileCodePage, MobilePhonePage } from '../../../client/pages/mobile/MobilePages';
import type { FormState } from '../../../client/components/FormState';
import { Transaction } from '../../api/payments/schemas';
import { checkCode } from '../../rules/account';
import type { Currency } from '../../rules/subscription';
import { callApi } from '../../session/auth';
import { definePage, formFailure, renderView, type Ctx, type Form, type Shown, type Translate } from '../kit/page';
import { loadPlanOrPack, serverApi } from '../loaders';
import type { Status } from '../kit/failures';

/**
 * Mobile payment (issue 14): /subscription asks for the number (MobilePhonePage, rendered by the
 * subscription routes), then /payments/mobile/{id} takes the SMS code and shows what the operator said.
 */

const isTxId = (value: string): boolean => /^[0-9a-f-]{36}$/.test(value);

/** Step 1, from POST /subscription with method mobile and no number yet (or a refused one). */
export async function renderMobilePhone(c: Ctx, t: Translate, input: { plan: number; currency: Currency; returnTo: string | null; coupon: string }, form?: FormState, status: Status = 200) {
  const plan = await loadPlanOrPack(c, input.plan);
  const element = <MobilePhonePage plan={plan} currency={input.currency} returnTo={input.returnTo} coupon={input.coupon} attempt={crypto.randomUUID()} form={form} />;
  return renderView(c, { element, meta: { title: t('MOBILE_PAY_TITLE') }, status });
}

async function loadCode(c: Ctx, id: string) {
  if (!isTxId(id)) return c.notFound();
  const tx = await serverApi(c).request(`/payments/transactions/${id}`, (v) => Transaction.parse(v)).catch(() => null);
  if (!tx || tx.method !== 'mobile') return c.notFound();
  if (tx.state === 'accepted' || tx.state === 'pending') return c.redirect(`/bravoPage?tx=${id}`, 303);
  return { tx, plan: await loadPlanOrPack(c, tx.plan_id) };
}

async function confirm(c: Ctx, id: string, form: Form): Promise<Response | Shown<FormState>> {
  if (!isTxId(id)) return c.notFound();
  const code = (form.code ?? '').trim();
  const invalid = checkCode(code);
  if (invalid) return { state: { errors: { code: invalid } }, status: 400 };
  try {
    const answer = await callApi(c, `/payments/transactions/${id}/mobile`, 'POST', { code });
    // The bravo page says what was bought (a plan or a ticket pack), with its toast.
    if (answer.state === 'accepted' || answer.state === 'pending') return c.redirect(`/bravoPage?tx=${id}`, 303);
    return { status: 409 };
  } catch (error) {
    const { key, status } = formFailure(error);
    return { state: key === 'INVALID_CODE' ? { errors: { code: key } } : { message: { kind: 'danger', key } }, status };
  }
}

/** Step 2, /payments/mobile/{id}: the SMS code, and what the operator said. */
export const pages = definePage({
  path: '/payments/mobile/:id',
  who: 'member',
  load: ({ c }) => loadCode(c, c.req.param('id') ?? ''),
  view: ({ tx, plan }, { t }, { state, status }: Shown<FormState>) => {
    // The operator's refusal in words (PAYMENT_ERROR_*), else "the payment failed".
    const reason = `PAYMENT_ERROR_${(tx.error ?? '').split(':')[0]?.trim() ?? ''}`;
    const failed = tx.state === 'failed' ? { message: { kind: 'danger' as const, key: t(reason) === reason ? 'PAYMENT_FAILED' : reason } } : undefined;
    return { element: <MobileCodePage tx={tx} plan={plan} form={state ?? failed} />, meta: { title: t('MOBILE_PAY_CODE_TITLE') }, status };
  },
  action: ({ c }, form) => confirm(c, c.req.param('id') ?? '', form),
});
