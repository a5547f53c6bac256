import type { PasskeyList } from '../../../worker/api/admin/schemas';
import { Field } from '../../components/Form';
import { FormNote, type FormState } from '../../components/FormState';
import { formatDate, useI18n } from '../../i18n';
import { PasskeyIsland } from '../../islands/passkey';
import { ConsoleTable } from './ConsoleTable';

/**
 * The signed-in staff member's own security (issue 32): their passkeys (name, when added, when last
 * used), each removable, and adding one. `options`: the WebAuthn options of a new passkey as JSON
 * (their challenge is good once, for five minutes; the page makes new ones each time it is shown).
 */
export function SecurityPage({ list, options, form }: { list: PasskeyList; options: string; form?: FormState }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="security-title" className="console__passkeys">
      <h1 id="security-title">{t('ADMIN_PASSKEYS_SECURITY')}</h1>
      <FormNote message={form?.message} />
      <p>{t('ADMIN_PASSKEYS_INTRO')}</p>
      <h2 id="passkeys-title">{t('ADMIN_PASSKEYS_TITLE')}</h2>
      {list.passkeys.length === 0 ? (
        <p className="console__empty">{t('ADMIN_PASSKEYS_EMPTY')}</p>
      ) : (
        <ConsoleTable
          caption={t('ADMIN_PASSKEYS_TITLE')}
          columns={[t('ADMIN_PASSKEYS_NAME'), t('ADMIN_PASSKEYS_ADDED_AT'), t('ADMIN_PASSKEYS_LAST_USED'), t('ADMIN_PASSKEYS_SYNCED'), t('ADMIN_PASSKEYS_REMOVE')]}
        >
          {list.passkeys.map((passkey) => (
            <tr key={passkey.id}>
              <td>
                <bdi>{passkey.name}</bdi>
              </td>
              <td>{formatDate(passkey.created_at)}</td>
              <td>{passkey.last_used_at ? formatDate(passkey.last_used_at) : t('ADMIN_PASSKEYS_NEVER_USED')}</td>
              <td>{t(passkey.backed_up ? 'ADMIN_PASSKEYS_SYNCED_YES' : 'ADMIN_PASSKEYS_SYNCED_NO')}</td>
              <td>
                <form method="post" action="/admin/security" className="console__inline">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={passkey.id} />
                  <button className="button button--ghost" type="submit" aria-label={t('ADMIN_PASSKEYS_REMOVE_ONE', { name: passkey.name })}>
                    {t('ADMIN_PASSKEYS_REMOVE')}
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <form id="passkey-add" method="post" action="/admin/security" className="console__form console__panel" aria-labelledby="passkey-add-title">
        <h2 id="passkey-add-title">{t('ADMIN_PASSKEYS_ADD_TITLE')}</h2>
        <p>{t('ADMIN_PASSKEYS_ADD_INTRO')}</p>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="credential" value="" />
        <Field name="name" label={t('ADMIN_PASSKEYS_NAME')} hint={t('ADMIN_PASSKEYS_NAME_HINT')} required maxLength={60} autoComplete="off" defaultValue={form?.values?.name} />
        <div className="console__passkeys-action">
          <PasskeyIsland mode="register" options={options} form="passkey-add" label={t('ADMIN_PASSKEYS_ADD')} unsupported={t('ADMIN_PASSKEYS_UNSUPPORTED')} failed={t('ADMIN_PASSKEYS_FAILED')} />
        </div>
      </form>
    </section>
  );
}
