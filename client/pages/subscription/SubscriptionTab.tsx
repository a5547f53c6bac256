import type { User } from '../../../worker/api/auth/schemas';
import type { Plan, SubscriptionView } from '../../../worker/api/payments/schemas';
import { useI18n } from '../../i18n';
import { FormNote, SettingsSection, type FormState } from '../settings/forms';
import { paymentErrorText } from '../../../worker/rules/subscription';
import { DateText, planName, StateBadge } from './parts';

export type SubscriptionTabProps = {
  user: User;
  view: SubscriptionView;
  plans: Plan[];
  premium: boolean;
  /** Subscribe shows (spec §4): no active subscription, or a cancelled one. */
  subscribe: boolean;
  form?: FormState;
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /profile?t=subscriptions: current plan, state, next renewal or end, trial end; cancel and resume. */
export function SubscriptionTab({ user, view, plans, premium, subscribe, form }: SubscriptionTabProps) {
  const { t, lang } = useI18n();
  const plan = plans.find((p) => p.id === view.plan_id);
  const next = plans.find((p) => p.id === view.next_plan_id);
  const cancelled = user.cancel_subscription;
  return (
    <SettingsSection id="subscriptions" title={t('SUBSCRIPTION')}>
      <FormNote message={form?.message} />
      <dl className="settings__facts">
        <Fact label={t('PLAN')}>
          {premium ? planName(plan, lang) || t('PREMIUM') : t('FREE_PLAN')} <StateBadge view={view} cancelled={cancelled} />
        </Fact>
        {premium && view.trial_end && view.state === 'trialing' && (
          <Fact label={t('TRIAL_ENDS_ON')}>
            <DateText iso={view.trial_end} />
          </Fact>
        )}
        {premium && user.subscription_end && (
          <Fact label={!cancelled && user.subscription_renewal ? t('NEXT_RENEWAL') : t('SUBSCRIPTION_ENDS_ON')}>
            <DateText iso={!cancelled && user.subscription_renewal ? user.subscription_renewal : user.subscription_end} />
          </Fact>
        )}
        {next && (
          <Fact label={t('NEXT_PLAN')}>
            {planName(next, lang)}
          </Fact>
        )}
        {user.subscription_error && (
          <Fact label={t('PAYMENT_PROBLEM')}>
            <span className="settings__error">{paymentErrorText(t, user.subscription_error)}</span>
          </Fact>
        )}
      </dl>
      {/* The plan's badge already says "waiting for validation": here, what it means. */}
      {view.state === 'pending' && <p className="settings__text">{t('PAYMENT_PENDING')}</p>}
      {premium && cancelled && <p className="settings__text">{t('CANCELLED_UNTIL_END')}</p>}
      <div className="settings__actions">
        {subscribe && (
          <a className="button button--primary" href="/subscription">
            {t('SUBSCRIBE')}
          </a>
        )}
        {premium && !cancelled && view.origin === 'checkout' && (
          <a className="button button--secondary" href="/settings/changeSubscription">
            {t('CHANGE_PLAN')}
          </a>
        )}
        {premium && view.recurring !== 'none' && view.recurring !== null && (
          <a className="button button--ghost" href="/settings/managePayment">
            {t('MANAGE_PAYMENT')}
          </a>
        )}
        <a className="button button--ghost" href="/settings/billingActivity">
          {t('BILLING_ACTIVITY')}
        </a>
      </div>
      {premium && view.origin === 'backoffice' && <p className="settings__text">{t('SUPPORT_CANCEL')}</p>}
      {premium && view.origin === 'checkout' && (
        <form method="post" action="/profile?t=subscriptions" className="settings__inline-form">
          <input type="hidden" name="intent" value={cancelled ? 'resume-subscription' : 'cancel-subscription'} />
          {!cancelled && <p className="settings__text">{t('CANCEL_SUBSCRIPTION_TEXT')}</p>}
          <button className={cancelled ? 'button button--primary' : 'button button--ghost'} type="submit">
            {cancelled ? t('RESUME_SUBSCRIPTION') : t('CANCEL_SUBSCRIPTION')}
          </button>
        </form>
      )}
    </SettingsSection>
  );
}
