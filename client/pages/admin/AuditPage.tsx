import type { AuditPage as Page } from '../../../worker/api/admin/schemas';
import { Field } from '../../components/Form';
import { ConsoleTable } from './ConsoleTable';
import { formatDate, useI18n } from '../../i18n';

export type AuditFilter = { staff: string; entity: string; entity_id: string; action: string; from: string; to: string };

/** When, to the minute, in UTC (staff work across time zones; the log is one clock). */
const when = (iso: string) => `${formatDate(iso)} ${iso.slice(11, 16)} UTC`;

/** A before/after JSON value as short text. */
const values = (json: string | null) => (json ? json.replace(/[{}"]/g, '').replace(/,/g, ', ').replace(/:/g, ': ') : '');

/** The audit log: who did what to what, before and after, why, when and from where; filtered, exported. */
export function AuditPage({ page, filter, query }: { page: Page; filter: AuditFilter; query: string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('ADMIN_AUDIT')}</h1>
      <form method="get" action="/admin/audit" className="console__filters" role="search" aria-label={t('ADMIN_FILTER')}>
        <Field name="staff" label={t('ADMIN_AUDIT_STAFF')} defaultValue={filter.staff} dir="ltr" />
        <div className="field">
          <label className="field__label" htmlFor="filter-action">
            {t('ADMIN_AUDIT_ACTION')}
          </label>
          <select className="field__input" id="filter-action" name="action" defaultValue={filter.action}>
            <option value="">{t('ADMIN_ALL_ACTIONS')}</option>
            {page.actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <Field name="entity" label={t('ADMIN_AUDIT_ENTITY')} defaultValue={filter.entity} dir="ltr" />
        <Field name="entity_id" label={t('ADMIN_AUDIT_ENTITY_ID')} defaultValue={filter.entity_id} dir="ltr" />
        <Field name="from" label={t('ADMIN_FROM')} type="date" defaultValue={filter.from} />
        <Field name="to" label={t('ADMIN_TO')} type="date" defaultValue={filter.to} />
        <button className="button button--secondary" type="submit">
          {t('ADMIN_FILTER')}
        </button>
        <a className="button button--ghost" href={`/admin/audit.csv${query ? `?${query}` : ''}`} download>
          {t('ADMIN_EXPORT_CSV')}
        </a>
      </form>
      {page.entries.length === 0 ? (
        <p className="console__empty">{t('ADMIN_AUDIT_EMPTY')}</p>
      ) : (
        <ConsoleTable
          caption={t('ADMIN_AUDIT')}
          columns={[t('ADMIN_AUDIT_WHEN'), t('ADMIN_AUDIT_STAFF'), t('ADMIN_AUDIT_ACTION'), t('ADMIN_AUDIT_ENTITY'), t('ADMIN_AUDIT_CHANGE'), t('ADMIN_REASON'), t('ADMIN_AUDIT_WHERE')]}
        >
          {page.entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <bdi dir="ltr">{when(entry.at)}</bdi>
              </td>
              <td dir="ltr">
                {entry.staff_email ?? entry.staff_id ?? t('ADMIN_AUDIT_SYSTEM')}
                {entry.staff_roles && <small> ({entry.staff_roles})</small>}
              </td>
              <td dir="ltr">{entry.action}</td>
              <td dir="ltr">
                {entry.entity} {entry.entity_id}
              </td>
              <td dir="ltr">
                {entry.before_json && <del>{values(entry.before_json)}</del>} {entry.after_json && <ins>{values(entry.after_json)}</ins>}
              </td>
              <td>{entry.reason}</td>
              <td dir="ltr">{[entry.ip, entry.country].filter(Boolean).join(' · ')}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {page.next !== null && (
        <a className="button button--secondary" href={`/admin/audit?${query ? `${query}&` : ''}before=${page.next}`}>
          {t('ADMIN_OLDER')}
        </a>
      )}
    </section>
  );
}
