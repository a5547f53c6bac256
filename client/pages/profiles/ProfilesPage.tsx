import { useI18n } from '../../i18n';
import { ProfileManager, type ProfilesData } from './ProfileCards';
import { ProfilesHeader } from './layout';

/** /profiles (spec §2 'manage profiles'): the account's profiles as big cards. */
export function ProfilesPage({ data }: { data: ProfilesData }) {
  const { t } = useI18n();
  return (
    <div className="page settings profiles-page">
      <ProfilesHeader back="/profile" backLabel="BACK_TO_ACCOUNT" title={t('TITLE_PROFILES')} lead="PROFILES_TEXT" />
      <ProfileManager data={data} />
    </div>
  );
}
