import type { CheckoutAnswer } from '../../api/payments/schemas';
import { ContinueToPayment } from '../../../client/pages/subscription/SubscriptionPage';
import { renderView, type Ctx, type Translate } from './page';

/**
 * The provider's checkout a payment form ends on (a plan, a plan change, a card, event seats): a
 * redirect, or a page whose form the browser posts on to the provider.
 */
export function toProvider(c: Ctx, t: Translate, checkout: NonNullable<CheckoutAnswer['checkout']>): Response | Promise<Response> {
  if (checkout.method === 'GET') return c.redirect(checkout.url, 303);
  return renderView(c, { element: <ContinueToPayment url={checkout.url} fields={checkout.fields} />, meta: { title: t('CONTINUE_TO_PAYMENT') } });
}
