import { useI18n } from '../../i18n';
import { AccountFormIsland } from '../../islands/account-form';
import { KIDS_MAX_AGE } from '../../../worker/rules/age';
import { AgeSelect } from './ProfileFormPage';
import type { ProfilesData } from './ProfileCards';
import { AccountPasswordField, ProfileSettingsPage, type ProfileFormFailure } from './layout';

/**
 * /settings/restrictions (spec §6 parental control): each profile with its maturity limit, a select
 * and the account password (PUT /auth/profiles/{id}/restriction).
 */
export function RestrictionsPage({ data, failed }: { data: ProfilesData; failed?: ProfileFormFailure }) {
  const { t } = useI18n();
  return (
    <ProfileSettingsPage
      data={data}
      failed={failed}
      title="PARENTAL_CONTROL"
      lead="PARENTAL_CONTROL_TEXT"
      name="restriction"
      action="/settings/restrictions"
      fields={['age_restriction', 'current_password']}
    >
      {(profile, { prefix, state, focus }) => (
        <>
          <AccountFormIsland rules={{ current_password: 'required' }} />
          <AgeSelect
            id={`${prefix}-age`}
            value={state?.values?.age_restriction ?? profile.age_restriction}
            ratings={data.ratings}
            kid={profile.is_kid}
            hint={profile.is_kid ? t('KIDS_AGE_HINT', { age: KIDS_MAX_AGE }) : undefined}
            error={state?.errors?.age_restriction}
            autoFocus={focus === 'age_restriction'}
          />
          <AccountPasswordField id={`${prefix}-password`} error={state?.errors?.current_password} autoFocus={focus === 'current_password'} />
          <button className="button button--primary" type="submit">
            {t('SAVE')}
          </button>
        </>
      )}
    </ProfileSettingsPage>
  );
}
