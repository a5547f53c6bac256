import type { Plan, Transaction } from '../../../worker/api/payments/schemas';
import type { Currency } from '../../../worker/rules/subscription';
import { CodeField, PhoneField } from '../../components/Form';
import { useI18n } from '../../i18n';
import { FormNote, type FormState } from '../../components/FormState';
import { Money, planName } from '../subscription/parts';
import { subscriptionHref } from '../subscription/SubscriptionPage';
import { MOROCCO_CODE } from '../../../worker/rules/account';

/** What is being paid, above both steps. */
function Summary({ plan, amount, currency }: { plan: Plan | undefined; amount: number; currency: Currency }) {
  const { lang } = useI18n();
  return (
    <p className="mobile-pay__summary">
      <strong>{planName(plan, lang)}</strong> · <Money minor={amount} currency={currency} />
    </p>
  );
}

export type MobilePhoneProps = { plan: Plan | undefined; currency: Currency; returnTo: string | null; coupon: string; attempt: string; form?: FormState };

/** Mobile payment, step 1 (spec §2 method picker, §5 phone without the leading zero): the number to pay from. */
export function MobilePhonePage({ plan, currency, returnTo, coupon, attempt, form }: MobilePhoneProps) {
  const { t } = useI18n();
  return (
    <div className="page subscribe subscribe--narrow mobile-pay">
      <h1 className="subscribe__title">{t('MOBILE_PAY_TITLE')}</h1>
      {plan && <Summary plan={plan} amount={plan.prices[currency]} currency={currency} />}
      <p>{t('MOBILE_PAY_TEXT')}</p>
      <FormNote message={form?.message} />
      <form method="post" action="/subscription" className="mobile-pay__form">
        <input type="hidden" name="plan" value={plan?.id ?? ''} />
        <input type="hidden" name="currency" value={currency} />
        <input type="hidden" name="method" value="mobile" />
        {coupon && <input type="hidden" name="coupon" value={coupon} />}
        {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
        <input type="hidden" name="attempt" value={attempt} />
        <PhoneField
          label={t('MOBILE_PAY_NUMBER')}
          codes={[MOROCCO_CODE]}
          hint="MOBILE_PAY_NUMBER_HINT"
          national={form?.values?.phone_national ?? ''}
          error={form?.errors?.phone_national}
          required
          autoFocus={Boolean(form?.errors?.phone_national)}
        />
        <button className="button button--primary button--large" type="submit">
          {t('MOBILE_PAY_SEND_CODE')}
        </button>
      </form>
      <p>
        <a href={subscriptionHref({ currency, plan: plan?.id, returnTo })}>{t('MOBILE_PAY_OTHER_METHOD')}</a>
      </p>
    </div>
  );
}

/** "+212 6•••••45": enough to recognise one's number on the screen. */
export const maskedPhone = (phone: string): string => (phone.length > 8 ? `${phone.slice(0, 5)}${'•'.repeat(phone.length - 7)}${phone.slice(-2)}` : phone);

/** Mobile payment, step 2: the SMS code that says yes, then the operator takes the amount. */
export function MobileCodePage({ tx, plan, form }: { tx: Transaction; plan: Plan | undefined; form?: FormState }) {
  const { t } = useI18n();
  return (
    <div className="page subscribe subscribe--narrow mobile-pay">
      <h1 className="subscribe__title">{t('MOBILE_PAY_CODE_TITLE')}</h1>
      <Summary plan={plan} amount={tx.amount} currency={tx.currency} />
      <p>
        {t('MOBILE_PAY_CODE_SENT')} <bdi dir="ltr">{maskedPhone(tx.payer_phone ?? '')}</bdi>
      </p>
      <FormNote message={form?.message} />
      <form method="post" action={`/payments/mobile/${tx.id}`} className="mobile-pay__form">
        <CodeField name="code" label={t('VERIFICATION_CODE')} error={form?.errors?.code} required autoFocus />
        <button className="button button--primary button--large" type="submit">
          {t('MOBILE_PAY_CONFIRM')}
        </button>
      </form>
      <p>
        <a href="/subscription">{t('MOBILE_PAY_OTHER_METHOD')}</a>
      </p>
    </div>
  );
}
