import type { ReactNode } from 'react';
import type { Profile } from '../../../worker/api/auth/schemas';
import { Field } from '../../components/Form';
import { useI18n } from '../../i18n';
import { FormNote, firstError, type FormState } from '../../components/FormState';
import { ProfileSummary, type ProfilesData } from './ProfileCards';

/** The top of the profile pages: a back link, the title and an optional lead. */
export function ProfilesHeader({ back, backLabel, title, lead, titleId }: { back: string; backLabel: string; title: string; lead?: string; titleId?: string }) {
  const { t } = useI18n();
  return (
    <header className="page__header">
      <p className="settings__back">
        <a href={back}>{t(backLabel)}</a>
      </p>
      <h1 id={titleId}>{title}</h1>
      {lead && <p className="page__lead">{t(lead)}</p>}
    </header>
  );
}

/** The account password (the API's `password`), posted as `current_password` so a WRONG_PASSWORD lands on it. */
export function AccountPasswordField({ id, error, autoFocus, hint, required = true }: { id?: string; error?: string; autoFocus?: boolean; hint?: string; required?: boolean }) {
  const { t } = useI18n();
  return (
    <Field
      id={id}
      name="current_password"
      type="password"
      label={t('ACCOUNT_PASSWORD')}
      hint={hint ? t(hint) : undefined}
      autoComplete="current-password"
      required={required}
      error={error}
      autoFocus={autoFocus}
    />
  );
}

/** The answer of the last post of one profile's form. */
export type ProfileFormFailure = { id: number; state: FormState };

/** What a profile's form gets: its ids' prefix, the last failed answer, the field to focus. */
export type ProfileFormContext = { prefix: string; state?: FormState; focus?: string };

/**
 * /settings/restrictions and /settings/lock: one card per profile (its summary, then its own form
 * posting the profile's id to `action`); the card whose post failed shows that answer.
 */
export function ProfileSettingsPage({ data, failed, title, lead, name, action, fields, status, children }: {
  data: ProfilesData;
  failed?: ProfileFormFailure;
  title: string;
  lead: string;
  /** Prefix of each card's id and field ids: `{name}-{profile id}`. */
  name: string;
  action: string;
  /** The form's fields in page order: the first one in error takes the focus. */
  fields: string[];
  /** Shown beside the profile's summary. */
  status?: (profile: Profile) => ReactNode;
  children: (profile: Profile, context: ProfileFormContext) => ReactNode;
}) {
  const { t } = useI18n();
  const { user, ratings } = data;
  return (
    <div className="page settings profiles-page">
      <ProfilesHeader back="/profiles" backLabel="BACK_TO_PROFILES" title={t(title)} lead={lead} />
      {data.profiles.map((profile) => {
        const prefix = `${name}-${profile.id}`;
        const state = failed?.id === profile.id ? failed.state : undefined;
        return (
          <section key={profile.id} className="settings__section profile-setting" id={prefix} aria-labelledby={`${prefix}-title`}>
            <div className="profile-setting__head">
              <ProfileSummary profile={profile} user={user} ratings={ratings} size="small" headingId={`${prefix}-title`} />
              {status?.(profile)}
            </div>
            <form className="settings__form" method="post" action={action}>
              <FormNote message={state?.message} />
              <input type="hidden" name="profile" value={profile.id} />
              {children(profile, { prefix, state, focus: firstError(state, fields) })}
            </form>
          </section>
        );
      })}
    </div>
  );
}
