/** Profile rules the API and the profile pages share (spec §4). */
import { avatarUrl } from './avatars';

/** Netflix's limit: at most this many profiles per account. */
export const MAX_PROFILES = 5;

/**
 * Spec §4 Profile switching: "Non-subscribed users see only their first profile" — on a platform
 * that sells subscriptions (not free, with plans). Where nothing can be bought, every profile shows.
 */
export const profilesNeedSubscription = (config: { free_platform: boolean; subscriptions: readonly unknown[] }): boolean =>
  !config.free_platform && config.subscriptions.length > 0;

/** The name a main profile is created with; spec §3: such a profile displays the username instead. */
export const DEFAULT_PROFILE_NAME = 'Default';

/**
 * A profile's display name (spec §3 Profile): its name, except a profile named Default, which
 * shows its username, then the account's email or phone.
 */
export function profileName(profile: { name: string; username: string | null }, account: { email: string | null; phone: string | null }): string {
  if (profile.name && profile.name !== DEFAULT_PROFILE_NAME) return profile.name;
  return profile.username || account.email || account.phone || profile.name;
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

type CardProfile = { id: number; name: string; username: string | null; picture: string; age_restriction: string; is_kid: boolean; locked: boolean; pin_is_activated: boolean };

export const profileCard = (profile: CardProfile, account: { email: string | null; phone: string | null }): ProfileCard => ({
  id: profile.id,
  name: profileName(profile, account),
  avatar: avatarUrl(profile.picture),
  age_restriction: profile.age_restriction,
  is_kid: profile.is_kid,
  locked: profile.locked,
  pin: profile.pin_is_activated,
});
