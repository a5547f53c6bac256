import type { Plan } from '../../../worker/api/payments/schemas';
import type { CustomerHit } from '../../../worker/api/admin/customers/schemas';
import { formatDate, useI18n } from '../../i18n';
import { planName } from '../subscription/parts';

/**
 * Pieces the customer pages share (issue 32): the reason and the confirmation every account action
 * asks for, an account's status, its plan as one line, and who an account is.
 */

/** A required reason (3 to 500 characters, as the API checks) and a required box confirming what the button will do. */
export function ReasonFields({ id, confirm, reason }: { id: string; confirm: string; reason?: string }) {
  const { t } = useI18n();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-reason`}>
          {t('ADMIN_REASON')}
        </label>
        <textarea className="field__input" id={`${id}-reason`} name="reason" required minLength={3} maxLength={500} rows={2} defaultValue={reason} aria-describedby={`${id}-reason-hint`} />
        <p className="field__hint" id={`${id}-reason-hint`}>
          {t('ADMIN_CUSTOMERS_REASON_HINT')}
        </p>
      </div>
      <label className="console__customers-confirm">
        <input type="checkbox" name="confirm" value="1" required />
        <span>{confirm}</span>
      </label>
    </>
  );
}

/** Active or suspended, as a badge. */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useI18n();
  return <span className={`console__customers-badge console__customers-badge--${active ? 'active' : 'suspended'}`}>{t(active ? 'ADMIN_CUSTOMERS_ACTIVE' : 'ADMIN_CUSTOMERS_SUSPENDED')}</span>;
}

/** The subscription in a few words: its plan and state, and until when (or "no subscription"). */
export function PlanLine({ subscription, plans }: { subscription: CustomerHit['subscription']; plans: readonly Plan[] }) {
  const { t, lang } = useI18n();
  if (subscription.state === null) return <>{t('ADMIN_CUSTOMERS_NO_SUBSCRIPTION')}</>;
  const plan = plans.find((p) => p.id === subscription.planId);
  const name = plan ? planName(plan, lang) : subscription.planId === null ? '' : t('ADMIN_CUSTOMERS_PLAN_N', { id: subscription.planId });
  const state = subscription.cancelled && (subscription.state === 'active' || subscription.state === 'trialing') ? 'CANCELLED' : subscription.state.toUpperCase();
  return (
    <>
      {name && `${name} · `}
      {t(`SUBSCRIPTION_STATE_${state}`)}
      {subscription.end && (
        <>
          {' '}
          <small>{t('ADMIN_CUSTOMERS_UNTIL', { date: formatDate(subscription.end) })}</small>
        </>
      )}
    </>
  );
}

/** What names an account best: its main profile's name, else its email, phone or id. */
export const whoOf = (account: { name: string | null; email: string | null; phone: string | null; id: string }): string => account.name ?? account.email ?? account.phone ?? account.id;
