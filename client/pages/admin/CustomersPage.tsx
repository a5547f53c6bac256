import type { CustomerSearch } from '../../../worker/api/admin/customers/schemas';
import { BULK_ACTIONS } from '../../../worker/api/admin/customers/schemas';
import type { Plan } from '../../../worker/api/payments/schemas';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, useI18n } from '../../i18n';
import { PlanLine, ReasonFields, StatusBadge, whoOf } from './CustomerParts';
import { TableBox } from './TableBox';

const bulkKey = (action: string) => `ADMIN_CUSTOMERS_BULK_${action.replace('-', '_').toUpperCase()}`;

/**
 * Finding a customer (issue 32): one box for any identifier support is given, the accounts found with
 * what matched, their status and plan; with customers.act, a bulk action on the accounts ticked
 * (a reason and a confirmation), and the results as CSV.
 */
export function CustomersPage({ q, search, plans, canAct, form }: { q: string; search: CustomerSearch | null; plans: readonly Plan[]; canAct: boolean; form?: FormState }) {
  const { t } = useI18n();
  const accounts = search?.accounts ?? [];
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title">{t('ADMIN_CUSTOMERS')}</h1>
      <FormNote message={form?.message} />
      <form method="get" action="/admin/customers" className="console__customers-search" role="search" aria-label={t('ADMIN_CUSTOMERS')}>
        <div className="field">
          <label className="field__label" htmlFor="customers-q">
            {t('ADMIN_CUSTOMERS_SEARCH')}
          </label>
          <input className="field__input" id="customers-q" name="q" type="search" defaultValue={q} maxLength={200} dir="auto" aria-describedby="customers-q-hint" autoComplete="off" spellCheck={false} />
          <p className="field__hint" id="customers-q-hint">
            {t('ADMIN_CUSTOMERS_SEARCH_HINT')}
          </p>
        </div>
        <button className="button button--primary" type="submit">
          {t('ADMIN_CUSTOMERS_FIND')}
        </button>
        {accounts.length > 0 && (
          <a className="button button--ghost" href={`/admin/customers.csv?q=${encodeURIComponent(q)}`} download>
            {t('ADMIN_EXPORT_CSV')}
          </a>
        )}
      </form>
      {search === null ? (
        <p className="console__empty">{t('ADMIN_CUSTOMERS_START')}</p>
      ) : accounts.length === 0 ? (
        <p className="console__empty" role="status">
          {t('ADMIN_CUSTOMERS_NONE', { q })}
        </p>
      ) : (
        <>
          <p role="status">{t('ADMIN_CUSTOMERS_FOUND', { count: accounts.length })}</p>
          <TableBox label={t('ADMIN_CUSTOMERS_RESULTS')}>
            <table className="console__table">
              <caption className="visually-hidden">{t('ADMIN_CUSTOMERS_RESULTS')}</caption>
              <thead>
                <tr>
                  {canAct && (
                    <th scope="col">
                      <span className="visually-hidden">{t('ADMIN_CUSTOMERS_PICK')}</span>
                    </th>
                  )}
                  <th scope="col">{t('ADMIN_CUSTOMERS_WHO')}</th>
                  <th scope="col">{t('ADMIN_CUSTOMERS_HOW_FOUND')}</th>
                  <th scope="col">{t('ADMIN_CUSTOMERS_STATUS')}</th>
                  <th scope="col">{t('ADMIN_CUSTOMERS_PLAN')}</th>
                  <th scope="col">{t('ADMIN_CUSTOMERS_SINCE')}</th>
                </tr>
              </thead>
              <tbody>
                {accounts.map((account) => (
                  <tr key={account.id}>
                    {canAct && (
                      <td>
                        <input type="checkbox" form="customers-bulk" name={`pick_${account.id}`} value="1" id={`pick-${account.id}`} aria-label={t('ADMIN_CUSTOMERS_PICK_ONE', { who: whoOf(account) })} />
                      </td>
                    )}
                    <td>
                      <a href={`/admin/customers/${encodeURIComponent(account.id)}`}>
                        <bdi>{whoOf(account)}</bdi>
                      </a>
                      <br />
                      <small dir="ltr">{[account.email, account.phone].filter((v) => v && v !== account.name).join(' · ') || account.id}</small>
                    </td>
                    <td>
                      <ul className="console__customers-matches">
                        {account.matched.map((m) => (
                          <li key={`${m.kind}-${m.value}`}>
                            {t(`ADMIN_CUSTOMERS_MATCH_${m.kind.toUpperCase()}`)}: <bdi dir="ltr">{m.value}</bdi>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <StatusBadge active={account.active} />
                    </td>
                    <td>
                      <PlanLine subscription={account.subscription} plans={plans} />
                    </td>
                    <td>
                      <bdi dir="ltr">{formatDate(account.createdAt)}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          {canAct && (
            <form id="customers-bulk" method="post" action={`/admin/customers?q=${encodeURIComponent(q)}`} className="console__form console__panel" aria-labelledby="customers-bulk-title">
              <h2 id="customers-bulk-title">{t('ADMIN_CUSTOMERS_BULK_TITLE')}</h2>
              <p className="console__customers-note">{t('ADMIN_CUSTOMERS_BULK_HINT')}</p>
              <div className="field">
                <label className="field__label" htmlFor="customers-bulk-action">
                  {t('ADMIN_CUSTOMERS_BULK_ACTION')}
                </label>
                <select className="field__input" id="customers-bulk-action" name="action" defaultValue={form?.values?.action}>
                  {BULK_ACTIONS.map((action) => (
                    <option key={action} value={action}>
                      {t(bulkKey(action))}
                    </option>
                  ))}
                </select>
              </div>
              <ReasonFields id="customers-bulk" confirm={t('ADMIN_CUSTOMERS_BULK_CONFIRM')} reason={form?.values?.reason} />
              <button className="button button--primary" type="submit">
                {t('ADMIN_CUSTOMERS_BULK_APPLY')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
