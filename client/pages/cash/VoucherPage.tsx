import type { Plan, Transaction } from '../../../worker/api/payments/schemas';
import { groupDigits, VOUCHER_VALID_DAYS } from '../../../worker/rules/payment-methods';
import { VoucherCountdownIsland } from '../../islands/voucher-countdown';
import { useI18n } from '../../i18n';
import { FormNote, type FormState } from '../../components/FormState';
import { backLabel, Money, MoroccoTime, planName } from '../subscription/parts';
import { QrCode } from '../../components/QrCode';

export type VoucherPageProps = {
  tx: Transaction;
  plan: Plan | undefined;
  /** Where vouchers are paid (CASH_AGENCIES). */
  agencies: string[];
  /** Development only: the sandbox agency counter with this reference filled in. */
  sandboxAgency: string | null;
  now: string;
  form?: FormState;
};

/** What the voucher is now, in one sentence. */
function VoucherState({ tx }: { tx: Transaction }) {
  const { t } = useI18n();
  const [key, tone] =
    tx.state === 'accepted'
      ? ['VOUCHER_PAID', 'success']
      : tx.state === 'expired'
        ? ['VOUCHER_EXPIRED', 'danger']
        : tx.state === 'cancelled'
          ? ['VOUCHER_CANCELLED', 'info']
          : [tx.method === 'agent' ? 'AGENT_WAITING' : 'VOUCHER_WAITING', 'info'];
  // A ticket pack's voucher says what comes once paid: tickets, not Premium.
  const bought = tx.purpose === 'tickets' && (key === 'VOUCHER_PAID' || key === 'VOUCHER_WAITING' || key === 'AGENT_WAITING') ? `${key}_TICKETS` : key;
  return (
    <p className={`toast toast--${tone} voucher__state`} role="status">
      {t(bought, { days: VOUCHER_VALID_DAYS })}
    </p>
  );
}

/** The ticket itself: amount, plan, reference, and while it can be paid, its scannable code and end. */
function VoucherTicket({ tx, plan }: { tx: Transaction; plan: Plan | undefined }) {
  const payable = tx.state === 'pending';
  const { t, lang } = useI18n();
  const reference = tx.voucher_ref ?? '';
  return (
    <div className="voucher__ticket">
      <dl className="voucher__facts">
        <dt>{t(tx.state === 'accepted' ? 'VOUCHER_AMOUNT_PAID' : 'VOUCHER_AMOUNT')}</dt>
        <dd className="voucher__amount">
          <Money minor={tx.amount} currency={tx.currency} />
        </dd>
        <dt>{t(tx.purpose === 'tickets' ? 'VOUCHER_PACK' : 'VOUCHER_PLAN')}</dt>
        <dd>{planName(plan, lang)}</dd>
        <dt>{t('VOUCHER_REFERENCE')}</dt>
        <dd>
          <bdi className="voucher__ref">{groupDigits(reference)}</bdi>
        </dd>
        {payable && tx.expires_at && (
          <>
            <dt>{t('VOUCHER_VALID_UNTIL')}</dt>
            <dd>
              <MoroccoTime iso={tx.expires_at} />
            </dd>
          </>
        )}
      </dl>
      {payable && reference && <QrCode text={reference} label={t('VOUCHER_QR_LABEL', { reference: groupDigits(reference) })} />}
    </div>
  );
}

/** Where and how to pay. */
function WhereToPay({ agencies }: { agencies: string[] }) {
  const { t } = useI18n();
  return (
    <section className="voucher__how" aria-labelledby="voucher-how">
      <h2 id="voucher-how">{t('VOUCHER_WHERE_TITLE')}</h2>
      <p>{t('VOUCHER_WHERE_TEXT')}</p>
      <ul className="voucher__agencies">
        {agencies.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      <ol className="voucher__steps">
        <li>{t('VOUCHER_STEP_GO')}</li>
        <li>{t('VOUCHER_STEP_GIVE')}</li>
        <li>{t('VOUCHER_STEP_DONE')}</li>
      </ol>
    </section>
  );
}

/** /payments/voucher/{id}: a cash payment voucher (spec §9: valid 4 days) with its countdown, where to pay, and cancel. */
export function VoucherPage({ tx, plan, agencies, sandboxAgency, now, form }: VoucherPageProps) {
  const { t } = useI18n();
  const waiting = tx.state === 'pending';
  return (
    <div className="page voucher">
      <div className="voucher__card">
        <h1 className="voucher__title">{t(tx.method === 'agent' ? 'AGENT_RECEIPT_TITLE' : 'VOUCHER_TITLE')}</h1>
        <FormNote message={form?.message} />
        <VoucherState tx={tx} />
        <VoucherTicket tx={tx} plan={plan} />
        {waiting && tx.expires_at && <VoucherCountdownIsland end={tx.expires_at} now={now} />}
        {waiting && tx.method === 'cash' && <WhereToPay agencies={agencies} />}
        {waiting && sandboxAgency && (
          <p className="voucher__sandbox">
            {t('VOUCHER_SANDBOX')} <a href={sandboxAgency}>{t('VOUCHER_SANDBOX_LINK')}</a>
          </p>
        )}
        <div className="voucher__actions">
          {tx.state === 'accepted' ? (
            <a className="button button--primary" href={tx.return_to ?? '/'}>
              {t(backLabel(tx.return_to))}
            </a>
          ) : waiting ? (
            <a className="button button--primary" href={`/payments/voucher/${tx.id}`}>
              {t('CHECK_AGAIN')}
            </a>
          ) : (
            <a className="button button--primary" href="/subscription">
              {t('CHOOSE_PLAN')}
            </a>
          )}
          <a className="button button--ghost" href="/settings/billingActivity">
            {t('BILLING_ACTIVITY')}
          </a>
          {waiting && tx.method === 'cash' && (
            <form method="post" action={`/payments/voucher/${tx.id}`}>
              <input type="hidden" name="intent" value="cancel" />
              <button className="button button--ghost voucher__cancel" type="submit">
                {t('VOUCHER_CANCEL')}
              </button>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
