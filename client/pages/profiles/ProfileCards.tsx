import type { Profile, User } from '../../../worker/api/auth/schemas';
import type { Rating } from '../../../worker/api/pages/schemas';
import { LockBadge } from '../../components/LockBadge';
import { useI18n } from '../../i18n';
import { avatarUrl } from '../../../worker/rules/avatars';
import { ageLabel } from '../../profiles/display';
import { profileName } from '../../../worker/rules/profiles';

/** The profiles of an account, as the management pages show them. */
export type ProfilesData = {
  user: User;
  profiles: Profile[];
  /** GET /pages/ratings: the age labels. */
  ratings: Rating[];
  /** MAX_PROFILES: 'Add profile' shows below it. */
  max: number;
  /** Profiles need a subscription this user does not have: 'Subscribe' instead of 'Add profile'. */
  subscribe: boolean;
};

/** A profile's picture, name, lock and kids badges and age label (cards and the settings lists). */
export function ProfileSummary({ profile, user, ratings, heading: Heading = 'h2', headingId, size = 'large' }: {
  profile: Profile;
  user: User;
  ratings: Rating[];
  heading?: 'h1' | 'h2' | 'h3';
  headingId?: string;
  size?: 'large' | 'small';
}) {
  const { t } = useI18n();
  return (
    <div className={`profile-summary profile-summary--${size}`}>
      <span className="profile-summary__picture">
        <img src={avatarUrl(profile.picture)} alt="" width={size === 'large' ? 120 : 56} height={size === 'large' ? 120 : 56} />
        {profile.pin_is_activated && <LockBadge label={t('PROFILE_PIN_ON')} />}
      </span>
      <span className="profile-summary__text">
        {/* dir=auto: a name in Arabic or Latin letters is cut at its own end. */}
        <Heading className="profile-summary__name" id={headingId} dir="auto">
          {profileName(profile, user)}
        </Heading>
        <span className="profile-summary__facts">
          {profile.is_kid && <span className="badge badge--kids">{t('KIDS')}</span>}
          <span className="profile-summary__age">{ageLabel(t, profile.age_restriction, ratings)}</span>
        </span>
      </span>
    </div>
  );
}

/**
 * Spec §2 'manage profiles' (/profiles and the account page's ?type=profiles tab): one card per
 * profile with its Edit link, 'Add profile' below the limit, and the links to parental control and
 * profile locks.
 */
export function ProfileManager({ data, heading = 'h2' }: { data: ProfilesData; heading?: 'h2' | 'h3' }) {
  const { t } = useI18n();
  const { user, profiles, ratings, max } = data;
  const full = profiles.length >= max;
  return (
    <div className="profile-manager">
      <ul className="profile-cards">
        {profiles.map((profile) => (
          <li key={profile.id} className="profile-card">
            <ProfileSummary profile={profile} user={user} ratings={ratings} heading={heading} />
            <a className="button button--ghost profile-card__edit" href={`/profiles/${profile.id}/edit`}>
              {t('EDIT')}
              <span className="visually-hidden"> {profileName(profile, user)}</span>
            </a>
          </li>
        ))}
        {!full && (
          <li className="profile-card profile-card--add">
            <a className="profile-card__add" href={data.subscribe ? '/subscription' : '/profiles/new'}>
              <span className="profile-card__plus" aria-hidden="true">
                +
              </span>
              {t('ADD_PROFILE')}
              {data.subscribe && <span className="profile-card__note">{t('SUBSCRIPTION_REQUIRED')}</span>}
            </a>
          </li>
        )}
      </ul>
      <p className="settings__muted profile-manager__count">{t(full ? 'PROFILE_LIMIT_REACHED' : 'PROFILES_COUNT', { count: profiles.length, max })}</p>
      <ul className="profile-manager__links">
        <li>
          <a className="button button--ghost" href="/settings/restrictions">
            {t('PARENTAL_CONTROL')}
          </a>
        </li>
        <li>
          <a className="button button--ghost" href="/settings/lock">
            {t('PROFILE_LOCK')}
          </a>
        </li>
      </ul>
    </div>
  );
}
