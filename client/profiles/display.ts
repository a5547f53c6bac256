import type { Profile, User } from '../../worker/api/auth/schemas';
import type { Translate } from '../i18n';
import { ageLimit } from '../../worker/rules/age';
import { avatarUrl } from '../../worker/rules/avatars';

/** The name a main profile is created with; spec §3: such a profile displays the username instead. */
export const DEFAULT_PROFILE_NAME = 'Default';

/**
 * A profile's display name (spec §3 Profile): its name, except a profile named Default, which
 * shows its username, then the account's email or phone.
 */
export function profileName(profile: Pick<Profile, 'name' | 'username'>, account: Pick<User, 'email' | 'phone'>): string {
  if (profile.name && profile.name !== DEFAULT_PROFILE_NAME) return profile.name;
  return profile.username || account.email || account.phone || profile.name;
}

/**
 * Spec §2 profile list: a profile's age restriction label ('12+ and below', with the maturity
 * rating's own name when `ratings` are known), or 'All public' without one.
 */
export function ageLabel(t: Translate, restriction: string, ratings: readonly { rating: number; name: string }[] = []): string {
  const limit = ageLimit(restriction);
  if (limit === null) return t('ALL_PUBLIC');
  return t('AGE_LIMIT_LABEL', { name: ratings.find((r) => r.rating === limit)?.name ?? `${limit}+` });
}

/** A profile as the chooser and the profile menu show it (island props: JSON only). */
export type ProfileCard = {
  id: number;
  name: string;
  avatar: string;
  age_restriction: string;
  is_kid: boolean;
  /** It has an active PIN that this session has not entered: choosing it asks for the PIN. */
  locked: boolean;
  /** It has an active PIN (the lock badge), entered or not. */
  pin: boolean;
};

export const profileCard = (profile: Profile, account: Pick<User, 'email' | 'phone'>): ProfileCard => ({
  id: profile.id,
  name: profileName(profile, account),
  avatar: avatarUrl(profile.picture),
  age_restriction: profile.age_restriction,
  is_kid: profile.is_kid,
  locked: profile.locked,
  pin: profile.pin_is_activated,
});
