import type { CustomerFilters, CustomerSearch, CustomerSort } from '../../../worker/api/admin/customers/schemas';
import { BULK_ACTIONS, CUSTOMER_SORTS, CUSTOMER_STANDINGS, CUSTOMER_STATUSES } from '../../../worker/api/admin/customers/schemas';
import { Field } from '../../components/Form';
import type { Plan } from '../../../worker/api/payments/schemas';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, useI18n } from '../../i18n';
import { SelectField } from './ConsoleFields';
import { PlanLine, ReasonFields, StatusBadge, whoOf } from './CustomerParts';
import { ConsoleTable } from './ConsoleTable';

const bulkKey = (action: string) => `ADMIN_CUSTOMERS_BULK_${action.replace('-', '_').toUpperCase()}`;

/** What the list's address holds: the search, its order, its filters and the page. */
export type CustomerListParams = CustomerFilters & { q: string; sort: CustomerSort; page: number };

/** The list's query string for these params (the defaults left out), `change` applied. */
export function customersQuery(params: CustomerListParams, change: Partial<CustomerListParams> = {}): string {
  const all = { ...params, ...change };
  const pairs: [string, string][] = [['q', all.q]];
  if (all.sort !== 'relevance') pairs.push(['sort', all.sort]);
  for (const name of ['status', 'standing', 'from', 'to'] as const) {
    const value = all[name];
    if (value) pairs.push([name, value]);
  }
  if (all.page > 1) pairs.push(['page', String(all.page)]);
  return new URLSearchParams(pairs).toString();
}

const filtered = (params: CustomerListParams) => Boolean(params.status || params.standing || params.from || params.to);

/**
 * Finding a customer (issue 32): one box for any identifier support is given, the accounts found with
 * what matched, their status and plan; with customers.act, a bulk action on the accounts ticked
 * (a reason and a confirmation), and the results as CSV.
 */
export function CustomersPage({ params, search, plans, canAct, form }: { params: CustomerListParams; search: CustomerSearch | null; plans: readonly Plan[]; canAct: boolean; form?: FormState }) {
  const { t } = useI18n();
  const { q } = params;
  const accounts = search?.accounts ?? [];
  const total = search?.total ?? 0;
  const pages = search ? Math.max(1, Math.ceil(total / search.pageSize)) : 1;
  const href = (change: Partial<CustomerListParams>) => `/admin/customers?${customersQuery(params, change)}`;
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
        <div className="console__filters console__customers-filters">
          <SelectField id="customers-sort" name="sort" label={t('ADMIN_CUSTOMERS_LIST_SORT')} value={params.sort} options={CUSTOMER_SORTS.map((s) => [s, t(`ADMIN_CUSTOMERS_LIST_SORT_${s.toUpperCase()}`)] as const)} />
          <SelectField id="customers-status" name="status" label={t('ADMIN_CUSTOMERS_STATUS')} value={params.status ?? ''} any={t('ADMIN_CUSTOMERS_LIST_STATUS_ANY')} options={CUSTOMER_STATUSES.map((s) => [s, t(s === 'active' ? 'ADMIN_CUSTOMERS_ACTIVE' : 'ADMIN_CUSTOMERS_SUSPENDED')] as const)} />
          <SelectField id="customers-standing" name="standing" label={t('ADMIN_CUSTOMERS_LIST_STANDING')} value={params.standing ?? ''} any={t('ADMIN_CUSTOMERS_LIST_STANDING_ANY')} options={CUSTOMER_STANDINGS.map((s) => [s, t(`ADMIN_CUSTOMERS_LIST_STANDING_${s.toUpperCase()}`)] as const)} />
          <Field id="customers-from" name="from" type="date" label={t('ADMIN_CUSTOMERS_LIST_FROM')} defaultValue={params.from ?? ''} dir="ltr" />
          <Field id="customers-to" name="to" type="date" label={t('ADMIN_CUSTOMERS_LIST_TO')} defaultValue={params.to ?? ''} dir="ltr" />
          <button className="button button--primary" type="submit">
            {t('ADMIN_CUSTOMERS_FIND')}
          </button>
          {accounts.length > 0 && (
            <a className="button button--ghost" href={`/admin/customers.csv?${customersQuery(params, { page: 1 })}`} download>
              {t('ADMIN_EXPORT_CSV')}
            </a>
          )}
        </div>
      </form>
      {search === null ? (
        <p className="console__empty">{t('ADMIN_CUSTOMERS_START')}</p>
      ) : total === 0 && filtered(params) ? (
        <p className="console__empty" role="status">
          {t('ADMIN_CUSTOMERS_LIST_NONE_FILTERED', { q })} <a href={href({ status: undefined, standing: undefined, from: undefined, to: undefined, page: 1 })}>{t('ADMIN_CUSTOMERS_LIST_CLEAR')}</a>
        </p>
      ) : total === 0 ? (
        <p className="console__empty" role="status">
          {t('ADMIN_CUSTOMERS_NONE', { q })}
        </p>
      ) : accounts.length === 0 ? (
        <p className="console__empty" role="status">
          {t('ADMIN_CUSTOMERS_LIST_PAST_END')} <a href={href({ page: 1 })}>{t('ADMIN_CUSTOMERS_LIST_FIRST')}</a>
        </p>
      ) : (
        <>
          <p role="status">
            {search.capped ? t('ADMIN_CUSTOMERS_LIST_CAPPED', { count: total }) : t('ADMIN_CUSTOMERS_FOUND', { count: total })}
            {pages > 1 && <> · {t('ADMIN_CUSTOMERS_LIST_PAGE', { page: search.page, pages })}</>}
          </p>
          <ConsoleTable
            caption={t('ADMIN_CUSTOMERS_RESULTS')}
            columns={[canAct && { hidden: t('ADMIN_CUSTOMERS_PICK') }, t('ADMIN_CUSTOMERS_WHO'), t('ADMIN_CUSTOMERS_HOW_FOUND'), t('ADMIN_CUSTOMERS_STATUS'), t('ADMIN_CUSTOMERS_PLAN'), t('ADMIN_CUSTOMERS_SINCE')]}
          >
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
          </ConsoleTable>
          {pages > 1 && (
            <nav className="console__customers-pager" aria-label={t('ADMIN_CUSTOMERS_LIST_PAGES')}>
              {search.previous !== null && (
                <a className="button button--ghost" href={href({ page: search.previous })} rel="prev">
                  {t('ADMIN_CUSTOMERS_LIST_PREVIOUS')}
                </a>
              )}
              <span>{t('ADMIN_CUSTOMERS_LIST_PAGE', { page: search.page, pages })}</span>
              {search.next !== null && (
                <a className="button button--ghost" href={href({ page: search.next })} rel="next">
                  {t('ADMIN_CUSTOMERS_LIST_NEXT')}
                </a>
              )}
            </nav>
          )}
          {canAct && (
            <form id="customers-bulk" method="post" action={href({})} className="console__form console__panel" aria-labelledby="customers-bulk-title">
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
