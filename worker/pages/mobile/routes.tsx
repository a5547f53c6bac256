import { Hono, type Context } from 'hono';
import { MobileCodePage, MobilePhonePage } from '../../../client/pages/mobile/MobilePages';
import type { FormState } from '../../../client/components/FormState';
import { Transaction } from '../../api/payments/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { checkCode } from '../../rules/account';
import type { Currency } from '../../rules/subscription';
import { callApi } from '../../session/auth';
import { loggedIn, sessionEnded, toLogin } from '../kit/account';
import { readForm, renderForm } from '../form';
import { loadPlanOrPack, serverApi } from '../loaders';
import { apiFailure, type Status } from '../kit/failures';

/**
 * Mobile payment (issue 14): /subscription asks for the number (MobilePhonePage, rendered by the
 * subscription routes), then /payments/mobile/{id} takes the SMS code and shows what the operator said.
 */

type Ctx = Context<AppEnv>;

const isTxId = (value: string): boolean => /^[0-9a-f-]{36}$/.test(value);

/** Step 1, from POST /subscription with method mobile and no number yet (or a refused one). */
export async function renderMobilePhone(c: Ctx, input: { plan: number; currency: Currency; returnTo: string | null; coupon: string }, form?: FormState, status: Status = 200) {
  const plan = await loadPlanOrPack(c, input.plan);
  const t = translate(c.get('lang'));
  return renderForm(c, <MobilePhonePage plan={plan} currency={input.currency} returnTo={input.returnTo} coupon={input.coupon} attempt={crypto.randomUUID()} form={form} />, { title: t('MOBILE_PAY_TITLE') }, status);
}

async function renderCode(c: Ctx, id: string, form?: FormState, status: Status = 200) {
  const tx = await serverApi(c).request(`/payments/transactions/${id}`, (v) => Transaction.parse(v)).catch(() => null);
  if (!tx || tx.method !== 'mobile') return c.notFound();
  if (tx.state === 'accepted' || tx.state === 'pending') return c.redirect(`/bravoPage?tx=${id}`, 303);
  const plan = await loadPlanOrPack(c, tx.plan_id);
  const t = translate(c.get('lang'));
  // The operator's refusal in words (PAYMENT_ERROR_*), else "the payment failed".
  const reason = `PAYMENT_ERROR_${(tx.error ?? '').split(':')[0]?.trim() ?? ''}`;
  const failed = tx.state === 'failed' ? { message: { kind: 'danger' as const, key: t(reason) === reason ? 'PAYMENT_FAILED' : reason } } : undefined;
  return renderForm(c, <MobileCodePage tx={tx} plan={plan} form={form ?? failed} />, { title: t('MOBILE_PAY_CODE_TITLE') }, status);
}

async function confirm(c: Ctx, id: string) {
  const form = await readForm(c);
  if (!isTxId(id)) return c.notFound();
  const code = (form.code ?? '').trim();
  const invalid = checkCode(code);
  if (invalid) return renderCode(c, id, { errors: { code: invalid } }, 400);
  try {
    const answer = await callApi(c, `/payments/transactions/${id}/mobile`, 'POST', { code });
    // The bravo page says what was bought (a plan or a ticket pack), with its toast.
    if (answer.state === 'accepted' || answer.state === 'pending') return c.redirect(`/bravoPage?tx=${id}`, 303);
    return renderCode(c, id, undefined, 409);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, `/payments/mobile/${id}`);
    const { key, status } = apiFailure(error);
    return renderCode(c, id, key === 'INVALID_CODE' ? { errors: { code: key } } : { message: { kind: 'danger', key } }, status);
  }
}

export const mobilePages = new Hono<AppEnv>()
  .get('/payments/mobile/:id', (c) => {
    const id = c.req.param('id');
    if (!loggedIn(c)) return toLogin(c, `/payments/mobile/${id}`);
    return isTxId(id) ? renderCode(c, id) : c.notFound();
  })
  .post('/payments/mobile/:id', (c) => {
    const id = c.req.param('id');
    return loggedIn(c) ? confirm(c, id) : toLogin(c, `/payments/mobile/${id}`);
  });
