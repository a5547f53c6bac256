import type { StaffList } from '../../../worker/api/admin/schemas';
import { CONSOLE_ROLES } from '../../../worker/rules/staff';
import { Field } from '../../components/Form';
import { ConsoleTable } from './ConsoleTable';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, useI18n } from '../../i18n';

/** Roles: who holds which, filtered; giving a role and taking one away, each with a reason. */
export function StaffPage({ list, filter, canGrant, form }: { list: StaffList; filter: { q: string; role: string }; canGrant: boolean; form?: FormState }) {
  const { t } = useI18n();
  const roleName = (role: string) => t(`ADMIN_ROLE_${role.toUpperCase()}`);
  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">{t('ADMIN_STAFF')}</h1>
      <FormNote message={form?.message} />
      <form method="get" action="/admin/staff" className="console__filters" role="search" aria-label={t('ADMIN_FILTER')}>
        <Field name="q" label={t('ADMIN_STAFF_SEARCH')} type="search" defaultValue={filter.q} dir="ltr" />
        <div className="field">
          <label className="field__label" htmlFor="filter-role">
            {t('ADMIN_ROLE')}
          </label>
          <select className="field__input" id="filter-role" name="role" defaultValue={filter.role}>
            <option value="">{t('ADMIN_ALL_ROLES')}</option>
            {list.roles.map((role) => (
              <option key={role} value={role}>
                {roleName(role)}
              </option>
            ))}
          </select>
        </div>
        <button className="button button--secondary" type="submit">
          {t('ADMIN_FILTER')}
        </button>
      </form>
      {list.staff.length === 0 ? (
        <p className="console__empty">{t('ADMIN_STAFF_EMPTY')}</p>
      ) : (
        <ConsoleTable
          caption={t('ADMIN_STAFF')}
          columns={[t('ADMIN_ACCOUNT'), t('ADMIN_ROLES'), t('ADMIN_SECOND_FACTOR'), t('ADMIN_LAST_SEEN'), canGrant && t('ADMIN_REMOVE_ROLE')]}
        >
          {list.staff.map((member) => (
            <tr key={member.id}>
              <td dir="ltr">{member.email ?? member.phone ?? member.id}</td>
              <td>{member.roles.map(roleName).join(' · ')}</td>
              <td>{member.secondFactor ? t('ADMIN_YES') : t('ADMIN_NO')}</td>
              <td>{member.lastSeen ? formatDate(member.lastSeen) : '—'}</td>
              {canGrant && (
                <td>
                  <form method="post" action="/admin/staff" className="console__inline">
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="user_id" value={member.id} />
                    <label className="visually-hidden" htmlFor={`revoke-role-${member.id}`}>
                      {t('ADMIN_ROLE')}
                    </label>
                    <select id={`revoke-role-${member.id}`} name="role" className="field__input">
                      {member.roles.map((role) => (
                        <option key={role} value={role}>
                          {roleName(role)}
                        </option>
                      ))}
                    </select>
                    <label className="visually-hidden" htmlFor={`revoke-reason-${member.id}`}>
                      {t('ADMIN_REASON')}
                    </label>
                    <input id={`revoke-reason-${member.id}`} name="reason" className="field__input" required minLength={3} maxLength={500} placeholder={t('ADMIN_REASON')} />
                    <button className="button button--ghost" type="submit">
                      {t('ADMIN_REMOVE')}
                    </button>
                  </form>
                </td>
              )}
            </tr>
          ))}
        </ConsoleTable>
      )}
      {canGrant && (
        <form method="post" action="/admin/staff" className="console__form console__panel" aria-labelledby="grant-title">
          <h2 id="grant-title">{t('ADMIN_GRANT_TITLE')}</h2>
          <input type="hidden" name="intent" value="grant" />
          <Field name="login" label={t('ADMIN_LOGIN')} type="text" dir="ltr" required defaultValue={form?.values?.login} />
          <div className="field">
            <label className="field__label" htmlFor="grant-role">
              {t('ADMIN_ROLE')}
            </label>
            <select className="field__input" id="grant-role" name="role" defaultValue={form?.values?.role}>
              {list.roles.map((role) => (
                <option key={role} value={role}>
                  {roleName(role)}
                  {(CONSOLE_ROLES as readonly string[]).includes(role) ? '' : ` (${t('ADMIN_FIELD_ROLE')})`}
                </option>
              ))}
            </select>
          </div>
          <Field name="reason" label={t('ADMIN_REASON')} required minLength={3} maxLength={500} defaultValue={form?.values?.reason} />
          <button className="button button--primary" type="submit">
            {t('ADMIN_GRANT')}
          </button>
        </form>
      )}
    </section>
  );
}
