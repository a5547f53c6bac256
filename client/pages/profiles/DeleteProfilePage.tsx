import type { Profile, User } from '../../../worker/api/auth/schemas';
import type { Rating } from '../../../worker/api/pages/schemas';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { profileName } from '../../../worker/rules/profiles';
import { FormNote, type FormState } from '../../components/FormState';
import { ProfileSummary } from './ProfileCards';
import { AccountPasswordField, ProfilesHeader } from './layout';

/**
 * /profiles/{id}/delete: the confirmation step before a profile is deleted, with the account
 * password when the profile has a PIN. The main (first) profile cannot be deleted: no form.
 */
export function DeleteProfilePage({ profile, user, ratings, main, state }: { profile: Profile; user: User; ratings: Rating[]; main: boolean; state?: FormState }) {
  const { t } = useI18n();
  const locked = profile.pin_is_activated;
  return (
    <div className="page settings profiles-page">
      <ProfilesHeader
        back={`/profiles/${profile.id}/edit`}
        backLabel="BACK_TO_PROFILE"
        title={t('DELETE_PROFILE_CONFIRM_TITLE', { name: profileName(profile, user) })}
        titleId="delete-title"
      />
      <section className="settings__section settings__section--danger" aria-labelledby="delete-title">
        <ProfileSummary profile={profile} user={user} ratings={ratings} size="small" heading="h2" />
        {main ? (
          <>
            <p className="settings__text profile-delete__text">{t('MAIN_PROFILE')}</p>
            <p>
              <a className="button button--ghost" href="/profiles">
                {t('BACK_TO_PROFILES')}
              </a>
            </p>
          </>
        ) : (
          <form className="settings__form profile-delete__form" method="post" action={`/profiles/${profile.id}/delete`}>
            <p className="settings__text">{t('DELETE_PROFILE_CONFIRM_TEXT')}</p>
            <FormNote message={state?.message} />
            <input type="hidden" name="confirmed" value="1" />
            {locked && (
              <>
                <AccountFormIsland rules={{ current_password: 'required' }} />
                <AccountPasswordField id="delete-password" hint="DELETE_PROFILE_PASSWORD_HINT" autoFocus error={state?.errors?.current_password} />
              </>
            )}
            <div className="settings__actions">
              <a className="button button--ghost" href={`/profiles/${profile.id}/edit`}>
                {t('CANCEL')}
              </a>
              <button className="button button--danger" type="submit">
                {t('DELETE_PROFILE')}
              </button>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
