import type { ReactNode } from 'react';
import { useI18n } from '../../i18n';

/** One titled card of a settings page (its heading labels the region). */
export function SettingsSection({ id, title, children, tone }: { id: string; title: string; children: ReactNode; tone?: 'danger' }) {
  return (
    <section className={tone ? `settings__section settings__section--${tone}` : 'settings__section'} id={id} aria-labelledby={`${id}-title`}>
      <h2 className="settings__title" id={`${id}-title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An email or phone of the account with its badge, or 'Not set'. Phone numbers read left to right. */
export function VerifiedValue({ value, verified }: { value: string | null; verified: boolean }) {
  const { t } = useI18n();
  if (!value) return <span className="settings__muted">{t('NOT_SET')}</span>;
  return (
    <>
      <bdi dir={value.startsWith('+') ? 'ltr' : undefined}>{value}</bdi> <VerifiedBadge verified={verified} />
    </>
  );
}

/** 'Verified' / 'Not verified' badge of an email or phone. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useI18n();
  return <span className={verified ? 'badge badge--ok' : 'badge badge--warn'}>{t(verified ? 'VERIFIED' : 'NOT_VERIFIED')}</span>;
}

/** A settings page: the way back, its title and lead, then its sections. */
export function SettingsPageFrame({ back, title, lead, children }: { back: { href: string; label: string }; title: string; lead?: string | undefined; children: ReactNode }) {
  return (
    <div className="page settings">
      <header className="page__header">
        <p className="settings__back">
          <a href={back.href}>{back.label}</a>
        </p>
        <h1>{title}</h1>
        {lead && <p className="page__lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
