import type { User } from '../../../worker/api/auth/schemas';
import type { Plan, SubscriptionView, Transaction } from '../../../worker/api/payments/schemas';
import type { ConfirmQuestion } from '../../components/ConfirmPage';
import { formatDate, useI18n, type Translate } from '../../i18n';
import { ConfirmActionIsland } from '../../islands/confirm-action';
import { SettingsSection } from '../settings/forms';
import { FormNote, type FormState } from '../../components/FormState';
import { paymentErrorText } from '../../../worker/rules/subscription';
import { DateText, MethodName, Money, planName, StateBadge } from './parts';

export type SubscriptionTabProps = {
  user: User;
  view: SubscriptionView;
  plans: Plan[];
  premium: boolean;
  /** Subscribe shows when there is no active subscription (a cancelled one stays active until its end: Resume then). */
  subscribe: boolean;
  /** The payment that started or renewed the current period (how it is paid), if any. */
  payment: Pick<Transaction, 'method' | 'coupon_code'> | null;
  form?: FormState;
};

/** "Cancel your subscription?": what cancelling means, asked before (dialog or /profile/cancel-subscription). */
export function cancelQuestion(t: Translate, end: string | null): ConfirmQuestion {
  return {
    title: t('CANCEL_SUBSCRIPTION_CONFIRM_TITLE'),
    text: end ? t('CANCEL_SUBSCRIPTION_CONFIRM_TEXT', { date: formatDate(end) }) : t('CANCEL_SUBSCRIPTION_TEXT'),
    action: '/profile?t=subscriptions',
    fields: { intent: 'cancel-subscription' },
    confirm: t('CANCEL_SUBSCRIPTION_CONFIRM'),
    dismiss: t('KEEP_SUBSCRIPTION'),
  };
}

/** How the subscription is paid: the saved card, else the last payment's method (and its code). */
function PaidWith({ view, payment }: { view: SubscriptionView; payment: SubscriptionTabProps['payment'] }) {
  const { t } = useI18n();
  if (view.card) {
    return (
      <>
        <span className="card-line__brand">{view.card.brand.toUpperCase()}</span> <bdi dir="ltr">{`•••• ${view.card.last4}`}</bdi>
      </>
    );
  }
  if (!payment) return null;
  return (
    <>
      <MethodName method={payment.method} />
      {payment.coupon_code && (
        <span className="settings__muted">
          {' '}· <bdi dir="ltr">{payment.coupon_code}</bdi>
        </span>
      )}
      {payment.method !== 'card' && <span className="settings__muted"> · {t('NOT_RENEWED_AUTOMATICALLY')}</span>}
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** /profile?t=subscriptions: current plan, state, next renewal or end, trial end; cancel and resume. */
export function SubscriptionTab({ user, view, plans, premium, subscribe, payment, form }: SubscriptionTabProps) {
  const { t, lang } = useI18n();
  const plan = plans.find((p) => p.id === view.plan_id);
  const next = plans.find((p) => p.id === view.next_plan_id);
  const cancelled = user.cancel_subscription;
  // A renewal charges the scheduled plan when there is one, else the current one.
  const renewalPlan = next ?? plan;
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
        {premium && user.subscription_end && (cancelled || !user.subscription_renewal) && (
          <Fact label={cancelled ? t('PREMIUM_UNTIL_LONG') : t('SUBSCRIPTION_ENDS_ON')}>
            <DateText iso={user.subscription_end} />
          </Fact>
        )}
        {premium && !cancelled && user.subscription_renewal && (
          <Fact label={t('NEXT_RENEWAL')}>
            <DateText iso={user.subscription_renewal} />
            {renewalPlan && view.currency && (
              <>
                {' '}· <Money minor={renewalPlan.prices[view.currency]} currency={view.currency} />
              </>
            )}
          </Fact>
        )}
        {premium && (view.card || payment) && (
          <Fact label={t('PAID_WITH')}>
            <PaidWith view={view} payment={payment} />
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
      {premium && view.origin === 'checkout' && cancelled && (
        <form method="post" action="/profile?t=subscriptions" className="settings__inline-form">
          <input type="hidden" name="intent" value="resume-subscription" />
          <button className="button button--primary" type="submit">
            {t('RESUME_SUBSCRIPTION')}
          </button>
        </form>
      )}
      {premium && view.origin === 'checkout' && !cancelled && (
        <div className="settings__inline-form">
          <p className="settings__text">{t('CANCEL_SUBSCRIPTION_TEXT')}</p>
          <ConfirmActionIsland
            id="cancel-subscription"
            label={t('CANCEL_SUBSCRIPTION')}
            className="button button--ghost"
            href="/profile/cancel-subscription"
            {...cancelQuestion(t, user.subscription_end)}
          />
        </div>
      )}
    </SettingsSection>
  );
}
