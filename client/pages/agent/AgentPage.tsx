import type { AgentUserView, Collection } from '../../../worker/api/agents/schemas';
import type { Plan } from '../../../worker/api/payments/schemas';
import type { Currency } from '../../../worker/rules/subscription';
import { useI18n } from '../../i18n';
import { SettingsPageFrame } from '../settings/forms';
import { FormNote, type FormState } from '../../components/FormState';
import { DateText, formatMoney, Money, MoroccoTime, planName, TransactionState } from '../subscription/parts';

export type AgentPageProps = {
  agent: string;
  query: string;
  /** The user found for `query`, or null (none asked, or unknown). */
  found: AgentUserView | null;
  plans: Plan[];
  currency: Currency;
  collections: { day: string; items: Collection[]; totals: Record<string, number> };
  form?: FormState;
};

function FindUser({ query }: { query: string }) {
  const { t } = useI18n();
  return (
    <form method="get" action="/agent" className="agent__find" role="search">
      <label htmlFor="agent-q">{t('AGENT_FIND_LABEL')}</label>
      <div className="agent__find-row">
        <input id="agent-q" type="search" name="q" defaultValue={query} required minLength={3} maxLength={254} autoComplete="off" dir="ltr" placeholder="name@example.com · 612345678" />
        <button className="button button--primary" type="submit">
          {t('AGENT_FIND')}
        </button>
      </div>
    </form>
  );
}

/** The user found, their state, and the form that records the cash received for a plan. */
function UserCard({ user, query, plans, currency }: { user: AgentUserView; query: string; plans: Plan[]; currency: Currency }) {
  const { t, lang } = useI18n();
  return (
    <section className="settings__section agent__user" aria-labelledby="agent-user">
      <h2 className="settings__title" id="agent-user">
        {user.name ?? user.email ?? user.phone}
      </h2>
      <dl className="agent__facts">
        {user.email && (
          <>
            <dt>{t('EMAIL')}</dt>
            <dd>
              <bdi dir="ltr">{user.email}</bdi>
            </dd>
          </>
        )}
        {user.phone && (
          <>
            <dt>{t('PHONE')}</dt>
            <dd>
              <bdi dir="ltr">{user.phone}</bdi>
            </dd>
          </>
        )}
        <dt>{t('SUBSCRIPTION')}</dt>
        <dd>
          {user.pending ? (
            <span className="badge badge--warn">{t('PAYMENT_STATE_PENDING')}</span>
          ) : user.premium_until ? (
            <>
              {t('PREMIUM_UNTIL_LONG')} <DateText iso={user.premium_until} />
            </>
          ) : (
            <span className="badge">{t('FREE_PLAN')}</span>
          )}
        </dd>
      </dl>
      {!user.pending && (
        <form method="post" action="/agent" className="agent__record">
          <input type="hidden" name="login" value={query} />
          <input type="hidden" name="currency" value={currency} />
          <label htmlFor="agent-plan">{t('AGENT_PLAN')}</label>
          <select id="agent-plan" name="plan" required>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {planName(p, lang)} · {formatMoney(lang, p.prices[currency], currency)}
              </option>
            ))}
          </select>
          <p className="settings__text">{t('AGENT_RECORD_TEXT')}</p>
          <button className="button button--primary" type="submit">
            {t('AGENT_RECORD')}
          </button>
        </form>
      )}
    </section>
  );
}

function Collections({ collections, plans }: { collections: AgentPageProps['collections']; plans: Plan[] }) {
  const { t, lang } = useI18n();
  const totals = Object.entries(collections.totals);
  return (
    <section className="settings__section" aria-labelledby="agent-day">
      <h2 className="settings__title" id="agent-day">
        {t('AGENT_TODAY')} <DateText iso={collections.day} />
      </h2>
      {collections.items.length === 0 ? (
        <p className="settings__text">{t('AGENT_NOTHING_TODAY')}</p>
      ) : (
        <div className="billing__scroll" tabIndex={0} role="region" aria-labelledby="agent-day">
          <table className="billing">
            <thead>
              <tr>
                <th scope="col">{t('TIME')}</th>
                <th scope="col">{t('AGENT_CUSTOMER')}</th>
                <th scope="col">{t('PLAN')}</th>
                <th scope="col">{t('AMOUNT')}</th>
                <th scope="col">{t('VOUCHER_REFERENCE')}</th>
                <th scope="col">{t('STATE')}</th>
              </tr>
            </thead>
            <tbody>
              {collections.items.map((item) => (
                <tr key={item.id}>
                  <td data-label={t('TIME')}>
                    <MoroccoTime iso={item.created_at} />
                  </td>
                  <td data-label={t('AGENT_CUSTOMER')}>
                    <bdi dir="ltr">{item.email ?? item.phone}</bdi>
                  </td>
                  <td data-label={t('PLAN')}>{planName(plans.find((p) => p.id === item.plan_id), lang)}</td>
                  <td data-label={t('AMOUNT')}>
                    <Money minor={item.amount} currency={item.currency as Currency} />
                  </td>
                  <td data-label={t('VOUCHER_REFERENCE')}>
                    <bdi dir="ltr">{item.voucher_ref}</bdi>
                  </td>
                  <td data-label={t('STATE')}>
                    <TransactionState tx={{ state: item.state as 'pending' }} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totals.length > 0 && (
        <p className="agent__total">
          {t('AGENT_TOTAL')}{' '}
          {totals.map(([currency, amount]) => (
            <strong key={currency}>
              <Money minor={amount} currency={currency as Currency} />{' '}
            </strong>
          ))}
        </p>
      )}
    </section>
  );
}

/** /agent: a sales agent's console (issue 14): find a user, record cash received, the day's collections. */
export function AgentPage(props: AgentPageProps) {
  const { t } = useI18n();
  return (
    <SettingsPageFrame back={{ href: '/profile', label: t('MY_ACCOUNT') }} title={t('AGENT_CONSOLE')} lead={t('AGENT_CONSOLE_LEAD', { name: props.agent })}>
      <FormNote message={props.form?.message} />
      <FindUser query={props.query} />
      {props.found && <UserCard user={props.found} query={props.query} plans={props.plans} currency={props.currency} />}
      <Collections collections={props.collections} plans={props.plans} />
    </SettingsPageFrame>
  );
}
