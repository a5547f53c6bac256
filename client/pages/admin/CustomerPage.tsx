import type { ReactNode } from 'react';
import type { CustomerView, Timeline } from '../../../worker/api/admin/customers/schemas';
import type { Plan } from '../../../worker/api/payments/schemas';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, useI18n } from '../../i18n';
import { planName } from '../subscription/parts';
import { PlanLine, ReasonFields, StatusBadge } from './CustomerParts';
import { CustomerTimeline, when } from './CustomerTimeline';

export type CustomerPageProps = {
  view: CustomerView;
  timeline: Timeline;
  source: string;
  paged: boolean;
  plans: readonly Plan[];
  canAct: boolean;
  /** An address a code was just sent to: the second step of the email change is shown for it. */
  pendingEmail: string;
  /** A random id for the premium form: sent twice, it grants once. */
  attempt: string;
  form?: FormState;
};

/** A value with a label in the summary's lists. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One action's small form: its title, what it does, its own fields, a reason and a confirmation. */
function ActionForm({ intent, title, about, confirm, button, form, children }: { intent: string; title: string; about: string; confirm: string; button: string; form?: FormState; children?: ReactNode }) {
  const mine = form?.values?.intent === intent ? form.values : undefined;
  return (
    <form method="post" className="console__form console__customers-action" aria-labelledby={`act-${intent}-title`}>
      <h3 id={`act-${intent}-title`}>{title}</h3>
      <p className="console__customers-note">{about}</p>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <ReasonFields id={`act-${intent}`} confirm={confirm} reason={mine?.reason} />
      <button className="button button--primary" type="submit">
        {button}
      </button>
    </form>
  );
}

/**
 * The customer's whole story on one page (issue 32): the account at a glance (status, subscription,
 * profiles, devices, library cards), the story newest first, and, with customers.act, each action in
 * its own form with a reason and a confirmation of what it will do.
 */
export function CustomerPage({ view, timeline, source, paged, plans, canAct, pendingEmail, attempt, form }: CustomerPageProps) {
  const { t, lang } = useI18n();
  const { account, subscription, profiles, devices, libraryCards } = view;
  const main = profiles[0];
  const name = main ? [main.firstName, main.lastName].filter(Boolean).join(' ') || main.username || main.name : null;
  const yes = (flag: boolean) => t(flag ? 'ADMIN_CUSTOMERS_VERIFIED' : 'ADMIN_CUSTOMERS_NOT_VERIFIED');
  const locked = profiles.filter((p) => p.pin);
  const values = form?.values;
  return (
    <section aria-labelledby="customer-title" className="console__customers">
      <p>
        <a href="/admin/customers">{t('ADMIN_CUSTOMERS_BACK')}</a>
      </p>
      <header className="console__customers-head">
        <h1 id="customer-title">
          <bdi>{name ?? account.email ?? account.phone ?? account.id}</bdi>
        </h1>
        <StatusBadge active={account.active} />
        {account.staffRoles.length > 0 && <span className="console__customers-badge">{t('ADMIN_CUSTOMERS_STAFF', { roles: account.staffRoles.join(', ') })}</span>}
      </header>
      <FormNote message={form?.message} />

      <div className="console__customers-summary">
        <section aria-labelledby="customer-account" className="console__customers-box">
          <h2 id="customer-account">{t('ADMIN_ACCOUNT')}</h2>
          <dl>
            <Fact label={t('ADMIN_CUSTOMERS_MATCH_ACCOUNT_ID')}>
              <bdi dir="ltr">{account.id}</bdi>
            </Fact>
            <Fact label={t('ADMIN_CUSTOMERS_MATCH_EMAIL')}>
              {account.email ? (
                <>
                  <bdi dir="ltr">{account.email}</bdi> <small>({yes(account.emailVerified)})</small>
                </>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label={t('ADMIN_CUSTOMERS_MATCH_PHONE')}>
              {account.phone ? (
                <>
                  <bdi dir="ltr">{account.phone}</bdi> <small>({yes(account.phoneVerified)})</small>
                </>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label={t('ADMIN_CUSTOMERS_LANGUAGE')}>
              <bdi dir="ltr">{account.lang}</bdi>
            </Fact>
            <Fact label={t('ADMIN_CUSTOMERS_SINCE')}>
              <bdi dir="ltr">{formatDate(account.createdAt)}</bdi>
            </Fact>
            <Fact label={t('ADMIN_CUSTOMERS_CREDITS')}>{account.credits}</Fact>
          </dl>
        </section>

        <section aria-labelledby="customer-subscription" className="console__customers-box">
          <h2 id="customer-subscription">{t('ADMIN_CUSTOMERS_SUBSCRIPTION')}</h2>
          <dl>
            <Fact label={t('ADMIN_CUSTOMERS_PLAN')}>
              <PlanLine subscription={subscription} plans={plans} />
            </Fact>
            {subscription.start && (
              <Fact label={t('ADMIN_CUSTOMERS_STARTED')}>
                <bdi dir="ltr">{formatDate(subscription.start)}</bdi>
              </Fact>
            )}
            {subscription.renewal && !subscription.cancelled && (
              <Fact label={t('ADMIN_CUSTOMERS_RENEWAL')}>
                <bdi dir="ltr">{formatDate(subscription.renewal)}</bdi>
              </Fact>
            )}
            {subscription.trialEnd && (
              <Fact label={t('ADMIN_CUSTOMERS_TRIAL_END')}>
                <bdi dir="ltr">{formatDate(subscription.trialEnd)}</bdi>
              </Fact>
            )}
            {subscription.provider && (
              <Fact label={t('ADMIN_CUSTOMERS_PROVIDER')}>
                <bdi dir="ltr">
                  {subscription.provider}
                  {subscription.card ? ` · ${subscription.card.brand} •••• ${subscription.card.last4}` : ''}
                </bdi>
              </Fact>
            )}
            {subscription.origin === 'backoffice' && <Fact label={t('ADMIN_CUSTOMERS_ORIGIN')}>{t('ADMIN_CUSTOMERS_ORIGIN_BACKOFFICE')}</Fact>}
            {subscription.error && (
              <Fact label={t('ADMIN_CUSTOMERS_ERROR')}>
                <bdi dir="ltr">{subscription.error}</bdi>
              </Fact>
            )}
            <Fact label={t('ADMIN_CUSTOMERS_FREE_TRIALS')}>{subscription.freeTrials}</Fact>
          </dl>
        </section>

        <section aria-labelledby="customer-profiles" className="console__customers-box">
          <h2 id="customer-profiles">{t('ADMIN_CUSTOMERS_PROFILES', { count: profiles.length })}</h2>
          <ul className="console__customers-list">
            {profiles.map((p) => (
              <li key={p.id}>
                <bdi>{p.name}</bdi>
                {p.kid && <small> · {t('ADMIN_CUSTOMERS_KID')}</small>}
                {p.pin && <small> · {t(p.pinActive ? 'ADMIN_CUSTOMERS_PIN_ACTIVE' : 'ADMIN_CUSTOMERS_PIN_SET')}</small>}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="customer-devices" className="console__customers-box">
          <h2 id="customer-devices">{t('ADMIN_CUSTOMERS_DEVICES', { count: devices.length })}</h2>
          {devices.length === 0 ? (
            <p className="console__customers-note">{t('ADMIN_CUSTOMERS_NO_DEVICES')}</p>
          ) : (
            <ul className="console__customers-list">
              {devices.slice(0, 8).map((d) => (
                <li key={d.sessionId}>
                  <bdi>{d.device || d.userAgent.slice(0, 40)}</bdi>
                  <br />
                  <small>
                    {[d.city, d.country].filter(Boolean).join(', ')} · <bdi dir="ltr">{when(d.lastSeenAt)}</bdi>
                  </small>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="customer-cards" className="console__customers-box">
          <h2 id="customer-cards">{t('ADMIN_CUSTOMERS_LIBRARY_CARDS')}</h2>
          {libraryCards.length === 0 ? (
            <p className="console__customers-note">{t('ADMIN_CUSTOMERS_NO_CARDS')}</p>
          ) : (
            <ul className="console__customers-list">
              {libraryCards.map((card) => (
                <li key={card.id}>
                  <bdi>{card.library}</bdi> · <bdi dir="ltr">{card.cardNumber}</bdi>
                  {card.validUntil && <small> · {t('ADMIN_CUSTOMERS_UNTIL', { date: formatDate(card.validUntil) })}</small>}
                  {card.invalid && (
                    <small>
                      {' '}
                      · <bdi dir="ltr">{card.invalid}</bdi>
                    </small>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <div className={canAct ? 'console__customers-columns' : undefined}>
        <CustomerTimeline userId={account.id} timeline={timeline} source={source} paged={paged} />
        {canAct && (
          <section aria-labelledby="customer-actions" className="console__customers-actions">
            <h2 id="customer-actions">{t('ADMIN_CUSTOMERS_ACTIONS')}</h2>
            {account.active ? (
              <ActionForm intent="suspend" title={t('ADMIN_CUSTOMERS_ACTION_SUSPEND')} about={t('ADMIN_CUSTOMERS_SUSPEND_ABOUT')} confirm={t('ADMIN_CUSTOMERS_SUSPEND_CONFIRM')} button={t('ADMIN_CUSTOMERS_SUSPEND')} form={form} />
            ) : (
              <ActionForm intent="reinstate" title={t('ADMIN_CUSTOMERS_ACTION_REINSTATE')} about={t('ADMIN_CUSTOMERS_REINSTATE_ABOUT')} confirm={t('ADMIN_CUSTOMERS_REINSTATE_CONFIRM')} button={t('ADMIN_CUSTOMERS_REINSTATE')} form={form} />
            )}
            <ActionForm intent="sign-out" title={t('ADMIN_CUSTOMERS_ACTION_SIGN_OUT')} about={t('ADMIN_CUSTOMERS_SIGN_OUT_ABOUT', { count: devices.length })} confirm={t('ADMIN_CUSTOMERS_SIGN_OUT_CONFIRM')} button={t('ADMIN_CUSTOMERS_SIGN_OUT')} form={form} />
            {locked.length > 0 && (
              <ActionForm intent="remove-pin" title={t('ADMIN_CUSTOMERS_ACTION_PIN_REMOVE')} about={t('ADMIN_CUSTOMERS_PIN_ABOUT')} confirm={t('ADMIN_CUSTOMERS_PIN_CONFIRM')} button={t('ADMIN_CUSTOMERS_PIN_REMOVE')} form={form}>
                <div className="field">
                  <label className="field__label" htmlFor="act-remove-pin-profile">
                    {t('ADMIN_CUSTOMERS_PROFILE')}
                  </label>
                  <select className="field__input" id="act-remove-pin-profile" name="profile_id" defaultValue={values?.profile_id}>
                    {locked.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                </div>
              </ActionForm>
            )}
            {account.email && !account.emailVerified && (
              <ActionForm intent="verification" title={t('ADMIN_CUSTOMERS_ACTION_VERIFICATION_RESEND')} about={t('ADMIN_CUSTOMERS_VERIFICATION_ABOUT', { email: account.email })} confirm={t('ADMIN_CUSTOMERS_VERIFICATION_CONFIRM')} button={t('ADMIN_CUSTOMERS_VERIFICATION_SEND')} form={form} />
            )}
            <ActionForm intent="premium" title={t('ADMIN_CUSTOMERS_ACTION_PREMIUM_GRANT')} about={t('ADMIN_CUSTOMERS_PREMIUM_ABOUT')} confirm={t('ADMIN_CUSTOMERS_PREMIUM_CONFIRM')} button={t('ADMIN_CUSTOMERS_PREMIUM_GRANT')} form={form}>
              <input type="hidden" name="attempt" value={attempt} />
              <div className="field">
                <label className="field__label" htmlFor="act-premium-days">
                  {t('ADMIN_CUSTOMERS_DAYS')}
                </label>
                <input className="field__input" id="act-premium-days" name="days" type="number" inputMode="numeric" min={1} required defaultValue={values?.days ?? '7'} dir="ltr" />
              </div>
              {subscription.state === null && (
                <div className="field">
                  <label className="field__label" htmlFor="act-premium-plan">
                    {t('ADMIN_CUSTOMERS_PLAN')}
                  </label>
                  <select className="field__input" id="act-premium-plan" name="plan_id" defaultValue={values?.plan_id}>
                    {plans.map((p) => (
                      <option key={p.id} value={p.id}>
                        {planName(p, lang)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </ActionForm>
            <ActionForm intent="email" title={t('ADMIN_CUSTOMERS_ACTION_EMAIL_CHANGE_REQUEST')} about={t('ADMIN_CUSTOMERS_EMAIL_ABOUT')} confirm={t('ADMIN_CUSTOMERS_EMAIL_CONFIRM')} button={t('ADMIN_CUSTOMERS_EMAIL_SEND')} form={form}>
              <div className="field">
                <label className="field__label" htmlFor="act-email-address">
                  {t('ADMIN_CUSTOMERS_NEW_EMAIL')}
                </label>
                <input className="field__input" id="act-email-address" name="email" type="email" required maxLength={254} dir="ltr" autoComplete="off" defaultValue={values?.intent === 'email' ? values.email : undefined} />
              </div>
            </ActionForm>
            {pendingEmail && (
              <ActionForm intent="email-confirm" title={t('ADMIN_CUSTOMERS_ACTION_EMAIL_CHANGE')} about={t('ADMIN_CUSTOMERS_EMAIL_CODE_ABOUT', { email: pendingEmail })} confirm={t('ADMIN_CUSTOMERS_EMAIL_CHANGE_CONFIRM', { email: pendingEmail })} button={t('ADMIN_CUSTOMERS_EMAIL_CHANGE')} form={form}>
                <input type="hidden" name="email" value={pendingEmail} />
                <div className="field">
                  <label className="field__label" htmlFor="act-email-code">
                    {t('ADMIN_CUSTOMERS_EMAIL_CODE')}
                  </label>
                  <input className="field__input" id="act-email-code" name="code" inputMode="numeric" pattern="[0-9]{6}" maxLength={6} required dir="ltr" autoComplete="off" />
                </div>
              </ActionForm>
            )}
          </section>
        )}
      </div>
    </section>
  );
}
