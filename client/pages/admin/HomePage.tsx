import type { Me } from '../../../worker/api/admin/schemas';
import { useI18n } from '../../i18n';
import { sectionsFor } from './sections';

/** The console's first page: who is signed in, with which roles, and the sections they may open. */
export function HomePage({ me }: { me: Me }) {
  const { t, lang } = useI18n();
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t('ADMIN_WELCOME', { email: me.email ?? me.id })}</h1>
      <p>{t('ADMIN_YOUR_ROLES', { roles: new Intl.ListFormat(lang).format(me.roles.map((role) => t(`ADMIN_ROLE_${role.toUpperCase()}`))) })}</p>
      <ul className="console__cards">
        {sectionsFor(me.permissions)
          .filter((s) => s.path !== '/admin')
          .map((s) => (
            <li key={s.path}>
              <a href={s.path}>
                <strong>{t(s.label)}</strong>
                <span>{t(`${s.label}_ABOUT`)}</span>
              </a>
            </li>
          ))}
      </ul>
    </section>
  );
}
