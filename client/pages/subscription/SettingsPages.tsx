import type { Plan, SubscriptionView, Transaction } from '../../../worker/api/payments/schemas';
import type { Currency } from '../../../worker/rules/subscription';
import { useI18n } from '../../i18n';
import { SettingsPageFrame, SettingsSection } from '../settings/forms';
import { FormNote, type FormState } from '../../components/FormState';
import { DateText, MethodName, Money, MoroccoTime, Period, planName, TransactionState } from './parts';

function SettingsPage({ title, lead, children }: { title: string; lead?: string | undefined; children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <SettingsPageFrame back={{ href: '/profile?t=subscriptions', label: t('BACK_TO_SUBSCRIPTION') }} title={title} lead={lead}>
      {children}
    </SettingsPageFrame>
  );
}

export type ChangeQuoteView = { planId: number; currency: Currency; now: { amount: number; credit: number; from: string }; atPeriodEnd: { amount: number; from: string } | null };

export type ChangeSubscriptionProps = { view: SubscriptionView; plans: Plan[]; quotes: ChangeQuoteView[]; end: string | null; form?: FormState };

/** /settings/changeSubscription: switch plan, with what it costs now and from when. */
export function ChangeSubscriptionPage({ view, plans, quotes, end, form }: ChangeSubscriptionProps) {
  const { t, lang } = useI18n();
  const current = plans.find((p) => p.id === view.plan_id);
  const currentPrice = (currency: Currency): number => current?.prices[currency] ?? 0;
  // One pending change at a time: any other choice replaces the scheduled one, and says so before.
  const scheduled = plans.find((p) => p.id === view.next_plan_id);
  const replaces = (planId: number) =>
    scheduled && scheduled.id !== planId ? <p className="settings__muted change__replaces">{t('CHANGE_REPLACES_SCHEDULED', { plan: planName(scheduled, lang) })}</p> : null;
  return (
    <SettingsPage title={t('CHANGE_PLAN')} lead={current ? t('CURRENT_PLAN_IS', { plan: planName(current, lang) }) : undefined}>
      <FormNote message={form?.message} />
      {view.next_plan_id && (
        <SettingsSection id="scheduled" title={t('NEXT_PLAN')}>
          <p className="settings__text">
            {planName(plans.find((p) => p.id === view.next_plan_id), lang)} {end && <>— {t('FROM_DATE')} <DateText iso={end} /></>}
          </p>
          <form method="post" action="/settings/changeSubscription">
            <input type="hidden" name="intent" value="drop" />
            <button className="button button--ghost" type="submit">
              {t('KEEP_CURRENT_PLAN')}
            </button>
          </form>
        </SettingsSection>
      )}
      <ul className="change__plans">
        {quotes.map((q) => {
          const plan = plans.find((p) => p.id === q.planId);
          if (!plan) return null;
          return (
            <li key={q.planId} className="settings__section change__plan">
              <h2 className="settings__title">
                {planName(plan, lang)} <Money minor={plan.prices[q.currency]} currency={q.currency} /> <Period duration={plan.duration} />
              </h2>
              <div className="change__options">
                {q.atPeriodEnd && (
                  <form method="post" action="/settings/changeSubscription" className="change__option">
                    <input type="hidden" name="plan" value={plan.id} />
                    <input type="hidden" name="when" value="period_end" />
                    <p>
                      {t('CHANGE_AT_PERIOD_END')} <DateText iso={q.atPeriodEnd.from} />. {t('NOTHING_TO_PAY_NOW')}
                    </p>
                    {replaces(plan.id)}
                    <button className="button button--secondary" type="submit">
                      {t('SWITCH_AT_PERIOD_END')}
                    </button>
                  </form>
                )}
                {/* Paying now is for upgrades: a cheaper plan waits for the end of the period paid. */}
                {plan.prices[q.currency] > currentPrice(q.currency) && (
                <form method="post" action="/settings/changeSubscription" className="change__option">
                  <input type="hidden" name="plan" value={plan.id} />
                  <input type="hidden" name="when" value="now" />
                  <p>
                    {t('CHANGE_NOW_COST')} <strong><Money minor={q.now.amount} currency={q.currency} /></strong>
                    {q.now.credit > 0 && <> ({t('CREDIT_FOR_UNUSED')} <Money minor={q.now.credit} currency={q.currency} />)</>}
                  </p>
                  {scheduled && <p className="settings__muted change__replaces">{t('CHANGE_NOW_CANCELS_SCHEDULED', { plan: planName(scheduled, lang) })}</p>}
                  <button className="button button--primary" type="submit">
                    {t('SWITCH_NOW')}
                  </button>
                </form>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </SettingsPage>
  );
}

/** /settings/managePayment: the saved card where the provider keeps one; replace or remove it. */
export function ManagePaymentPage({ view, form }: { view: SubscriptionView; form?: FormState }) {
  const { t } = useI18n();
  const card = view.card;
  const keepsCards = view.recurring === 'merchant' || view.recurring === 'provider';
  return (
    <SettingsPage title={t('MANAGE_PAYMENT')} lead={t('MANAGE_PAYMENT_TEXT')}>
      <FormNote message={form?.message} />
      <SettingsSection id="card" title={t('SAVED_CARD')}>
        {card ? (
          <p className="card-line">
            <span className="card-line__brand">{card.brand.toUpperCase()}</span> <bdi dir="ltr">•••• {card.last4}</bdi>{' '}
            <span className="settings__muted">
              {t('CARD_EXPIRES')} <bdi dir="ltr">{String(card.expMonth).padStart(2, '0')}/{card.expYear}</bdi>
            </span>
          </p>
        ) : (
          <p className="settings__text">{keepsCards ? t('NO_SAVED_CARD') : t('PROVIDER_KEEPS_NO_CARD')}</p>
        )}
        {keepsCards && (
          <div className="settings__actions">
            <form method="post" action="/settings/managePayment">
              <input type="hidden" name="intent" value="replace" />
              <button className="button button--primary" type="submit">
                {card ? t('REPLACE_CARD') : t('ADD_CARD')}
              </button>
            </form>
            {card && (
              <form method="post" action="/settings/managePayment">
                <input type="hidden" name="intent" value="remove" />
                <button className="button button--ghost" type="submit">
                  {t('REMOVE_CARD')}
                </button>
              </form>
            )}
          </div>
        )}
      </SettingsSection>
    </SettingsPage>
  );
}

/** /settings/billingActivity: every payment (date, plan, amount, method, state) with the invoice of each accepted one. */
export type TicketsView = { credits: number; unlocks: { slug: string; name: string; unlocked_at: string; expires_at: string }[] };

/** Pay per title: the balance, and every title a ticket unlocked (running ones until when). */
function TicketsSection({ tickets, now }: { tickets: TicketsView; now: string }) {
  const { t } = useI18n();
  if (tickets.credits === 0 && tickets.unlocks.length === 0) return null;
  return (
    <SettingsSection id="tickets" title={t('TICKETS_TITLE')}>
      <p className="settings__text">
        {t('TICKETS_LEFT', { count: tickets.credits })} <a href="/subscription#tickets">{t('BUY_TICKETS')}</a>
      </p>
      {tickets.unlocks.length > 0 && (
        <ul className="tickets__unlocks">
          {tickets.unlocks.map((u) => (
            <li key={`${u.slug}-${u.unlocked_at}`}>
              <a href={`/content/${u.slug}`}>{u.name}</a> · {t('UNLOCKED_ON')} <DateText iso={u.unlocked_at} /> ·{' '}
              {u.expires_at > now ? (
                <>
                  {t('UNLOCKED_UNTIL')} <MoroccoTime iso={u.expires_at} />
                </>
              ) : (
                <span className="settings__muted">{t('UNLOCK_OVER')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

export function BillingActivityPage({ transactions, plans, tickets, now }: { transactions: Transaction[]; plans: Plan[]; tickets: TicketsView; now: string }) {
  const { t, lang } = useI18n();
  return (
    <SettingsPage title={t('BILLING_ACTIVITY')} lead={t('BILLING_ACTIVITY_TEXT')}>
      <TicketsSection tickets={tickets} now={now} />
      {transactions.length === 0 ? (
        <p className="settings__text">{t('NO_TRANSACTIONS')}</p>
      ) : (
        // Scrolls sideways on narrow screens: reachable with the keyboard (axe scrollable-region-focusable).
        <div className="billing__scroll" tabIndex={0} role="region" aria-label={t('BILLING_ACTIVITY')}>
          <table className="billing">
            <thead>
              <tr>
                <th scope="col">{t('DATE')}</th>
                <th scope="col">{t('PLAN')}</th>
                <th scope="col">{t('AMOUNT')}</th>
                <th scope="col">{t('PAYMENT_METHOD')}</th>
                <th scope="col">{t('STATE')}</th>
                <th scope="col">{t('INVOICE')}</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((tx) => (
                <tr key={tx.id}>
                  <td data-label={t('DATE')}>
                    <DateText iso={tx.created_at} />
                  </td>
                  <td data-label={t('PLAN')}>
                    {/* An event order (issue 17) names no plan on sale: it is tickets. */}
                    {tx.purpose === 'order' ? t('EVENT_TICKETS') : planName(plans.find((p) => p.id === tx.plan_id), lang)}
                    {tx.trial_days > 0 && <span className="settings__muted"> · {t('FREE_TRIAL')}</span>}
                  </td>
                  <td data-label={t('AMOUNT')}>
                    <Money minor={tx.amount} currency={tx.currency} />
                  </td>
                  <td data-label={t('PAYMENT_METHOD')}>
                    <MethodName method={tx.method} />
                    {tx.coupon_code && (
                      <span className="settings__muted">
                        {/* Paid with a coupon: the method already says so, the code follows it. */}
                        {tx.method === 'coupon' ? ' ' : ` · ${t('COUPON_CODE')} `}
                        <bdi dir="ltr">{tx.coupon_code}</bdi>
                      </span>
                    )}
                    {tx.voucher_ref && (
                      <>
                        {' '}· <a href={`/payments/voucher/${tx.id}`}>{tx.method === 'cash' ? t('SHOW_VOUCHER') : t('SHOW_RECEIPT')}</a>
                      </>
                    )}
                  </td>
                  <td data-label={t('STATE')}>
                    <TransactionState tx={tx} />
                  </td>
                  <td data-label={t('INVOICE')}>
                    {tx.invoice_number !== null ? (
                      <a href={`/api/payments/invoices/${tx.invoice_number}.pdf`} download>
                        {t('DOWNLOAD_INVOICE')} <bdi dir="ltr">#{tx.invoice_number}</bdi>
                      </a>
                    ) : (
                      <span className="settings__muted">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SettingsPage>
  );
}
