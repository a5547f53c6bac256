import { Field } from '../../components/Form';
import { useI18n } from '../../i18n';
import { ProfileChooserIsland } from '../../islands/profile-chooser';
import type { ProfileCard } from '../../../worker/rules/profiles';
import { FormNote, type FormState } from '../../components/FormState';

/**
 * /whoswatching (spec §2): the profile chooser shown after login and whenever no profile has been
 * chosen yet. Big avatars, a lock on PIN profiles, a link to manage the profiles (not for kids).
 */
export function WhosWatchingPage({ profiles, redirect, manage, message }: { profiles: ProfileCard[]; redirect: string; manage: boolean; message?: FormState['message'] }) {
  const { t } = useI18n();
  return (
    <section className="chooser-page" aria-labelledby="whoswatching-title">
      <h1 className="chooser-page__title" id="whoswatching-title">
        {t('TITLE_WHOSWATCHING')}
      </h1>
      <FormNote message={message} />
      <ProfileChooserIsland profiles={profiles} redirect={redirect} />
      {manage && (
        <a className="button button--ghost button--large chooser-page__manage" href="/profiles">
          {t('TITLE_PROFILES')}
        </a>
      )}
    </section>
  );
}

/**
 * The PIN step without JavaScript: the chosen profile is locked (spec §4), its PIN is posted to
 * /whoswatching/pin in one 4-digit field. A failure comes back here with its message (spec §8).
 */
export function WhosWatchingPinPage({ profile, redirect, state }: { profile: ProfileCard; redirect: string; state?: FormState }) {
  const { t } = useI18n();
  const back = redirect === '/' ? '/whoswatching' : `/whoswatching?redirect=${encodeURIComponent(redirect)}`;
  return (
    <section className="chooser-page" aria-labelledby="pin-title">
      <img className="chooser-page__avatar" src={profile.avatar} alt="" width="128" height="128" />
      <h1 className="chooser-page__title" id="pin-title">
        {t('PIN_DIALOG_TITLE')}
      </h1>
      <p className="chooser-page__text">{t('PIN_DIALOG_TEXT', { name: profile.name })}</p>
      <form className="pin-page" method="post" action="/whoswatching/pin">
        <FormNote message={state?.message} />
        <input type="hidden" name="id" value={profile.id} />
        <input type="hidden" name="redirect" value={redirect} />
        <Field
          id="pin-page-pin"
          name="pin"
          type="password"
          label={t('PIN_CODE')}
          hint={t('PIN_HINT')}
          error={state?.errors?.pin}
          inputMode="numeric"
          pattern="[0-9]{4}"
          minLength={4}
          maxLength={4}
          autoComplete="one-time-code"
          dir="ltr"
          required
          autoFocus={!state?.message}
        />
        <div className="dialog__actions">
          <a className="button button--ghost" href={back}>
            {t('CANCEL')}
          </a>
          <button className="button button--primary" type="submit">
            {t('UNLOCK')}
          </button>
        </div>
      </form>
    </section>
  );
}
