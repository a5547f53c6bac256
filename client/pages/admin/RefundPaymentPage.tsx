import type { z } from 'zod';
import type { PaymentDetail } from '../../../worker/api/payments/refunds/schemas';
import { REFUND_EFFECTS } from '../../../worker/api/payments/refunds/schemas';
import { Field } from '../../components/Form';
import { FormNote, type FormState } from '../../components/FormState';
import { useI18n } from '../../i18n';
import { Fact, TextareaField } from './ConsoleFields';
import { Money, RefundsTable, whenUtc } from './RefundsPage';

type Payment = z.infer<typeof PaymentDetail>;

/** Minor units as the amount field shows them (159.00): two decimals for MAD, EUR and USD alike. */
export const majorText = (minor: number): string => (minor / 100).toFixed(2);

/** The refund's fields as typed: amount (major units), reason, effect, and the form's idempotency key. */
export type RefundValues = { amount: string; reason: string; effect: string; key: string; confirm?: string };

/** A payment of the subscription: its refund ends it now or keeps it to the period end (an event order's or a ticket pack's has no such choice). */
const ofSubscription = (payment: Payment): boolean => ['subscribe', 'renew', 'change'].includes(payment.purpose);

/** What the refund will do, in words, and the button that makes it (its fields carried hidden). */
function Confirmation({ payment, values, minor }: { payment: Payment; values: RefundValues; minor: number }) {
  const { t } = useI18n();
  return (
    <form method="post" action={`/admin/refunds/payments/${payment.id}`} className="console__panel console__form console__refunds-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t('ADMIN_REFUNDS_CONFIRM_TITLE')}</h2>
      <p>
        {t('ADMIN_REFUNDS_CONFIRM_TEXT')}
      </p>
      <dl className="console__support-facts">
        <Fact label={t('ADMIN_REFUNDS_AMOUNT')}>
          <strong>
            <Money minor={minor} currency={payment.currency} />
          </strong>{' '}
          {minor === payment.refundable ? t('ADMIN_REFUNDS_FULL') : t('ADMIN_REFUNDS_PARTIAL')}
        </Fact>
        <Fact label={t('ADMIN_REFUNDS_CUSTOMER')} dir="ltr">
          {payment.customer.email ?? payment.customer.phone ?? payment.customer.id}
        </Fact>
        <Fact label={t('ADMIN_REFUNDS_THROUGH')}>
          {payment.manual ? t('ADMIN_REFUNDS_MANUAL') : <bdi dir="ltr">{payment.provider}</bdi>}
        </Fact>
        {ofSubscription(payment) && (
          <Fact label={t('ADMIN_REFUNDS_EFFECT')}>
            {t(`ADMIN_REFUNDS_EFFECT_${values.effect.toUpperCase()}`)}
          </Fact>
        )}
        <Fact label={t('ADMIN_REASON')} dir="auto">
          {values.reason}
        </Fact>
      </dl>
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="amount" value={values.amount} />
      <input type="hidden" name="reason" value={values.reason} />
      <input type="hidden" name="effect" value={values.effect} />
      <input type="hidden" name="key" value={values.key} />
      <div className="console__inline">
        <button className="button button--primary" type="submit">
          {t('ADMIN_REFUNDS_CONFIRM')}
        </button>
        <a className="button button--ghost" href={`/admin/refunds/payments/${payment.id}`}>
          {t('ADMIN_REFUNDS_CHANGE')}
        </a>
      </div>
    </form>
  );
}

/** The refund's amount, reason and effect on the subscription, asked before it is confirmed. */
function RefundForm({ payment, values, idKey }: { payment: Payment; values?: RefundValues; idKey: string }) {
  const { t } = useI18n();
  const effect = values?.effect ?? 'keep';
  return (
    <form method="post" action={`/admin/refunds/payments/${payment.id}`} className="console__panel console__form" aria-labelledby="refund-title">
      <h2 id="refund-title">{t('ADMIN_REFUNDS_FORM_TITLE')}</h2>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="key" value={values?.key ?? idKey} />
      <Field
        name="amount"
        label={t('ADMIN_REFUNDS_AMOUNT_IN', { currency: payment.currency })}
        inputMode="decimal"
        required
        dir="ltr"
        pattern="[0-9]{1,9}([.,][0-9]{1,2})?"
        defaultValue={values?.amount ?? majorText(payment.refundable)}
        hint={t('ADMIN_REFUNDS_AMOUNT_HINT', { max: majorText(payment.refundable), currency: payment.currency })}
      />
      <TextareaField id="refund-reason" name="reason" label={t('ADMIN_REASON')} rows={3} required minLength={3} maxLength={2000} defaultValue={values?.reason} />
      {ofSubscription(payment) ? (
        <fieldset className="console__refunds-effects">
          <legend>{t('ADMIN_REFUNDS_EFFECT')}</legend>
          {REFUND_EFFECTS.map((e) => (
            <label key={e}>
              <input type="radio" name="effect" value={e} defaultChecked={effect === e} /> {t(`ADMIN_REFUNDS_EFFECT_${e.toUpperCase()}`)}
            </label>
          ))}
        </fieldset>
      ) : (
        <input type="hidden" name="effect" value="keep" />
      )}
      <button className="button button--primary" type="submit">
        {t('ADMIN_REFUNDS_REVIEW')}
      </button>
    </form>
  );
}

/**
 * One payment as finance refunds it (issue 32): what it bought, what was captured, what was given
 * back already and what may still be; the refund form (the whole refundable amount unless changed,
 * never more, a reason, the subscription's fate), a confirmation of what it will do, and the refunds
 * made with their credit notes.
 */
export function RefundPaymentPage({ payment, canRefund, idKey, made, form }: { payment: Payment; canRefund: boolean; idKey: string; made: string; form?: FormState }) {
  const { t } = useI18n();
  const values = form?.values as RefundValues | undefined;
  const confirming = values?.confirm === '1' && !form?.message;
  const minor = values ? Math.round(Number(values.amount.replace(',', '.')) * 100) : 0;
  const justMade = payment.refunds.find((r) => r.id === made);
  return (
    <section aria-labelledby="payment-title">
      <p>
        <a href="/admin/refunds">{t('ADMIN_REFUNDS_BACK')}</a>
      </p>
      <h1 id="payment-title">{t('ADMIN_REFUNDS_PAYMENT_TITLE', { what: payment.what })}</h1>
      <FormNote message={form?.message} />
      {justMade && (
        <div className="toast toast--success console__refunds-made" role="status">
          <p>
            {t('ADMIN_REFUNDS_MADE_ONE')} <Money minor={justMade.amount} currency={justMade.currency} />
          </p>
          {justMade.credit_note && (
            <a className="button button--primary" href={justMade.credit_note.pdf}>
              {t('ADMIN_REFUNDS_CREDIT_NOTE_PDF', { number: justMade.credit_note.number })}
            </a>
          )}
        </div>
      )}
      <dl className="console__support-facts console__refunds-facts">
        <Fact label={t('ADMIN_REFUNDS_CAPTURED')}>
          <Money minor={payment.captured} currency={payment.currency} />
        </Fact>
        <Fact label={t('ADMIN_REFUNDS_REFUNDED')}>
          <Money minor={payment.refunded} currency={payment.currency} />
        </Fact>
        {payment.held > 0 && (
          <Fact label={t('ADMIN_REFUNDS_HELD')}>
            <Money minor={payment.held} currency={payment.currency} />
          </Fact>
        )}
        <Fact label={t('ADMIN_REFUNDS_REFUNDABLE')}>
          <strong>
            <Money minor={payment.refundable} currency={payment.currency} />
          </strong>
        </Fact>
        <Fact label={t('ADMIN_REFUNDS_CUSTOMER')} dir="ltr">
          {payment.customer.email ?? payment.customer.phone ?? payment.customer.id}
        </Fact>
        <Fact label={t('PAYMENT_METHOD')}>
          {t(`PAYMENT_METHOD_${payment.method.toUpperCase()}`)} · <bdi dir="ltr">{payment.provider}</bdi>
          {payment.provider_ref && (
            <>
              <br />
              <small dir="ltr">{payment.provider_ref}</small>
            </>
          )}
        </Fact>
        <Fact label={t('ADMIN_REFUNDS_STATE')}>
          {t(`PAYMENT_STATE_${payment.state.toUpperCase()}`)}
        </Fact>
        <Fact label={t('ADMIN_REFUNDS_PAID_AT')}>
          <bdi dir="ltr">{whenUtc(payment.created_at)}</bdi>
        </Fact>
        <Fact label={t('ADMIN_REFUNDS_INVOICE')}>
          {payment.invoice ? <bdi dir="ltr">{payment.invoice.number}</bdi> : '—'}
        </Fact>
        <Fact label={t('ADMIN_REFUNDS_TRANSACTION')} dir="ltr">
          <small>{payment.id}</small>
        </Fact>
      </dl>
      {canRefund &&
        (payment.refundable <= 0 ? (
          <p className="console__empty">{t('ADMIN_REFUNDS_NOTHING_LEFT')}</p>
        ) : confirming && values ? (
          <Confirmation payment={payment} values={values} minor={minor} />
        ) : (
          <RefundForm payment={payment} values={values} idKey={idKey} />
        ))}
      <h2 id="history-title">{t('ADMIN_REFUNDS_HISTORY')}</h2>
      {payment.refunds.length === 0 ? <p className="console__empty">{t('ADMIN_REFUNDS_NONE_YET')}</p> : <RefundsTable refunds={payment.refunds} withPayment={false} withEffect={ofSubscription(payment)} />}
    </section>
  );
}
