import { Field } from '../../components/Form';
import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { PIN_LENGTH } from '../../../worker/rules/pin';
import type { ProfilesData } from './ProfileCards';
import { AccountPasswordField, ProfileSettingsPage, type ProfileFormFailure } from './layout';

/**
 * /settings/lock (spec §5 PIN, §6 profile owner): per profile, set or change its 4-digit PIN, or
 * remove it, with the account password (PUT /auth/profiles/{id}/pin). One form per profile: "Remove
 * the PIN" only needs the password (it skips the PIN check, with or without JavaScript).
 */
export function LockPage({ data, failed }: { data: ProfilesData; failed?: ProfileFormFailure }) {
  const { t } = useI18n();
  return (
    <ProfileSettingsPage
      data={data}
      failed={failed}
      title="PROFILE_LOCK"
      lead="PROFILE_LOCK_TEXT"
      name="lock"
      action="/settings/lock"
      fields={['pin', 'current_password']}
      status={(profile) => (
        <p className="profile-setting__status">
          <span className={profile.pin_is_activated ? 'badge badge--ok' : 'badge'}>{t(profile.pin_is_activated ? 'PROFILE_PIN_ON' : 'PROFILE_PIN_OFF')}</span>
        </p>
      )}
    >
      {(profile, { prefix, state, focus }) => (
        <>
          <AccountFormIsland rules={{ pin: 'pin', current_password: 'required' }} hints={{ pin: 'PIN_HINT' }} />
          <Field
            id={`${prefix}-pin`}
            name="pin"
            label={t(profile.pin_is_activated ? 'NEW_PIN' : 'PIN')}
            hint={t('PIN_HINT')}
            inputMode="numeric"
            pattern={`[0-9]{${PIN_LENGTH}}`}
            maxLength={PIN_LENGTH}
            autoComplete="off"
            dir="ltr"
            required
            error={state?.errors?.pin}
            autoFocus={focus === 'pin'}
          />
          <AccountPasswordField id={`${prefix}-password`} error={state?.errors?.current_password} autoFocus={focus === 'current_password'} />
          <div className="settings__actions">
            <button className="button button--primary" type="submit" name="intent" value="set">
              {t(profile.pin_is_activated ? 'CHANGE_PIN' : 'SET_PIN')}
            </button>
            {profile.pin_is_activated && (
              <button className="button button--ghost" type="submit" name="intent" value="remove" formNoValidate data-validate="current_password">
                {t('REMOVE_PIN')}
              </button>
            )}
          </div>
        </>
      )}
    </ProfileSettingsPage>
  );
}
