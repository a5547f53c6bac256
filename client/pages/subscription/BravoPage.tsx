import type { Plan, Transaction } from '../../../worker/api/payments/schemas';
import { useI18n } from '../../i18n';
import { backLabel, DateText, planName } from './parts';

export type BravoPageProps = {
  tx: Transaction;
  plan: Plan | undefined;
  /** The end of the premium period now (accepted payments). */
  end: string | null;
  /** The ticket balance now (ticket packs). */
  credits: number;
};

/** The heading of /bravoPage by what was paid: a pack's tickets, a changed plan, a renewal, else Premium's welcome. */
export function bravoTitle(tx: Pick<Transaction, 'state' | 'purpose'>): string {
  if (tx.state !== 'accepted') return 'PAYMENT_PENDING_TITLE';
  return tx.purpose === 'tickets' ? 'TICKETS_ADDED_TITLE' : tx.purpose === 'change' ? 'PLAN_CHANGED_TITLE' : tx.purpose === 'renew' ? 'SUBSCRIPTION_RENEWED_TITLE' : 'BRAVO_TITLE';
}

/** The lead sentence of a plan paid for: a trial started, a plan changed, a payment accepted. */
function bravoLead(tx: Transaction): string {
  if (tx.trial_days > 0) return 'BRAVO_TRIAL';
  return tx.purpose === 'change' ? 'BRAVO_CHANGED' : 'BRAVO_PAID';
}

/** /bravoPage (spec §2 congratulations after subscription): what is unlocked, or a payment still waiting for validation. */
export function BravoPage({ tx, plan, end, credits }: BravoPageProps) {
  const { t, lang } = useI18n();
  const back = tx.return_to ?? '/';
  if (tx.state === 'accepted' && tx.purpose === 'tickets') return <TicketsAdded tx={tx} plan={plan} credits={credits} />;
  if (tx.state !== 'accepted') {
    return (
      <div className="page bravo">
        <div className="bravo__card">
          <h1 className="bravo__title">{t('PAYMENT_PENDING_TITLE')}</h1>
          <p role="status">{t('PAYMENT_PENDING')}</p>
          <p className="bravo__actions">
            <a className="button button--primary" href={`/bravoPage?tx=${tx.id}`}>
              {t('CHECK_AGAIN')}
            </a>
            <a className="button button--ghost" href="/settings/billingActivity">
              {t('BILLING_ACTIVITY')}
            </a>
          </p>
        </div>
      </div>
    );
  }
  return (
    <Done title={t(bravoTitle(tx))}>
      <p className="bravo__lead">{t(bravoLead(tx), { plan: planName(plan, lang), count: tx.trial_days })}</p>
      {tx.coupon_code && (
        <p className="bravo__coupon">
          {t('COUPON_APPLIED')} <bdi dir="ltr">{tx.coupon_code}</bdi>
        </p>
      )}
      {end && (
        <p>
          {t('PREMIUM_UNTIL_LONG')} <DateText iso={end} />
        </p>
      )}
      <ul className="subscribe__benefits">
        {['BENEFIT_CATALOGUE', 'BENEFIT_HD', 'BENEFIT_SCREENS', 'BENEFIT_PROFILES'].map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p className="bravo__actions">
        <a className="button button--primary button--large" href={back}>
          {t(backLabel(tx.return_to))}
        </a>
        <a className="button button--ghost" href="/profile?t=subscriptions">
          {t('MY_SUBSCRIPTION')}
        </a>
      </p>
    </Done>
  );
}

/** A ticket pack was paid: the tickets added, the balance, and how to use them. */
function TicketsAdded({ tx, plan, credits }: { tx: Transaction; plan: Plan | undefined; credits: number }) {
  const { t } = useI18n();
  return (
    <Done title={t(bravoTitle(tx))}>
      <p className="bravo__lead">{t('TICKETS_ADDED', { count: plan?.tickets ?? 0, credits })}</p>
      <p>{t('TICKETS_HOW')}</p>
      <p className="bravo__actions">
        <a className="button button--primary button--large" href={tx.return_to ?? '/'}>
          {t(backLabel(tx.return_to))}
        </a>
        <a className="button button--ghost" href="/settings/billingActivity">
          {t('BILLING_ACTIVITY')}
        </a>
      </p>
    </Done>
  );
}

/** The card of a payment done: a check mark, the title, then what it unlocked. */
function Done({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="page bravo">
      <div className="bravo__card">
        <p className="bravo__mark" aria-hidden="true">
          ✓
        </p>
        <h1 className="bravo__title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
