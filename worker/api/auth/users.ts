import { isLang } from '../../../client/i18n';
import { apiError } from '../errors';
import type { Device, Profile, User } from './schemas';

/** A users row (worker/db/migrations/0002_accounts.sql). */
export type UserRow = {
  id: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  lang: string;
  role: string;
  readonly: number;
  is_active: number;
  is_email_verified: number;
  is_phone_verified: number;
  subscription_id: number | null;
  subscription_start: string | null;
  subscription_renewal: string | null;
  subscription_end: string | null;
  subscription_error: string | null;
  cancel_subscription: number;
  free_subscriptions: number;
  avatar: string | null;
  credits: number;
  cdn_usage: number;
  hide_watched: number;
  notification_active: number;
  push_notification_id: string | null;
  access_id: string | null;
  libraries: string;
  options: string;
  birth: string | null;
  created_at: string;
};

type ProfileRow = {
  id: number;
  name: string;
  picture: string;
  is_kid: number;
  age_restriction: string;
  pin_hash: string | null;
  pin_is_activated: number;
  autoplay: number;
  method_payment: string;
  username: string | null;
  gender: string | null;
  last_name: string | null;
  first_name: string | null;
  address: string | null;
  zip_code: string | null;
  country: string | null;
  birth: string | null;
};

/** Finds a user by email (lower-cased) or phone (E.164): the `login` of POST auth/login. */
export const findUserByLogin = (db: D1Database, login: string): Promise<UserRow | null> =>
  db.prepare('SELECT * FROM users WHERE email = ?1 OR phone = ?1').bind(login).first<UserRow>();

export const findUserById = (db: D1Database, id: string): Promise<UserRow | null> =>
  db.prepare('SELECT * FROM users WHERE id = ?').bind(id).first<UserRow>();

export const toProfile = (row: ProfileRow): Profile => ({
  id: row.id,
  name: row.name,
  picture: row.picture,
  is_kid: row.is_kid === 1,
  age_restriction: row.age_restriction,
  pin_is_activated: row.pin_is_activated === 1,
  has_pin: row.pin_hash !== null,
  autoplay: row.autoplay === 1,
  method_payment: row.method_payment,
  username: row.username,
  gender: row.gender,
  last_name: row.last_name,
  first_name: row.first_name,
  address: row.address,
  zipCode: row.zip_code,
  country: row.country,
  birth: row.birth,
});

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * GET auth/user (spec §3 User): the row, its profiles, and the selected profile's favourites,
 * likes and watched times. `profileId` must be one of the user's profiles (else the first).
 */
export async function userView(db: D1Database, row: UserRow, profileId?: number): Promise<User> {
  const { results: profileRows } = await db.prepare('SELECT * FROM profiles WHERE user_id = ? ORDER BY id').bind(row.id).all<ProfileRow>();
  const profiles = profileRows.map(toProfile);
  const profile = profiles.find((p) => p.id === profileId) ?? profiles[0];
  if (!profile) apiError(500, 'INTERNAL_ERROR', 'user without profile');
  const { results: actions } = await db
    .prepare("SELECT content_id, type, time FROM actions WHERE profile_id = ? AND type IN ('fav', 'like', 'watched') ORDER BY updated_at DESC")
    .bind(profile.id)
    .all<{ content_id: number; type: string; time: number | null }>();
  const ofType = (type: string) => actions.filter((a) => a.type === type);
  const watched = ofType('watched').map((a) => ({ id: a.content_id, time: a.time ?? 0 }));
  return {
    id: row.id,
    lang: isLang(row.lang) ? row.lang : 'ar',
    isAnonymous: false,
    email: row.email,
    phone: row.phone,
    role: row.role,
    readonly: row.readonly === 1,
    is_active: row.is_active === 1,
    isEmailVerified: row.is_email_verified === 1,
    isPhoneVerified: row.is_phone_verified === 1,
    subscription_id: row.subscription_id,
    subscription_start: row.subscription_start,
    subscription_renewal: row.subscription_renewal,
    subscription_end: row.subscription_end,
    subscription_error: row.subscription_error,
    cancel_subscription: row.cancel_subscription === 1,
    free_subscriptions: row.free_subscriptions,
    avatar: row.avatar,
    profile,
    profiles,
    credits: row.credits,
    cdn_usage: row.cdn_usage,
    hide_watched: row.hide_watched === 1,
    created_at: row.created_at,
    access_id: row.access_id,
    notification_active: row.notification_active === 1,
    push_notification_id: row.push_notification_id,
    options: parseJson<Record<string, unknown>>(row.options, {}),
    libraries: parseJson<string[]>(row.libraries, []),
    contents: [],
    favs: ofType('fav').map((a) => ({ id: a.content_id })),
    likes: ofType('like').map((a) => ({ id: a.content_id })),
    watched,
    watchedContents: row.hide_watched === 1 ? [] : watched,
    access: [],
    unverifiedUserInfo: { email: row.email !== null && row.is_email_verified === 0, phone: row.phone !== null && row.is_phone_verified === 0 },
    birth: row.birth,
  };
}

/** Device history: the user's logins, newest first. */
export async function devices(db: D1Database, userId: string, currentSessionId: string): Promise<Device[]> {
  const { results } = await db
    .prepare('SELECT id, device_id, user_agent, country, city, created_at, last_seen_at, revoked_at FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 50')
    .bind(userId)
    .all<Omit<Device, 'current' | 'active'> & { revoked_at: string | null }>();
  return results.map(({ revoked_at, ...d }) => ({ ...d, current: d.id === currentSessionId, active: revoked_at === null }));
}

/** Maps a UNIQUE constraint failure to the spec's `users_email_unique` / `users_phone_unique` body (409). */
export function rethrowUnique(error: unknown): never {
  const text = String(error);
  if (text.includes('UNIQUE') && text.includes('users.email')) {
    apiError(409, 'E_UNIQUE', 'duplicate key value violates unique constraint "users_email_unique"');
  }
  if (text.includes('UNIQUE') && text.includes('users.phone')) {
    apiError(409, 'E_UNIQUE', 'duplicate key value violates unique constraint "users_phone_unique"');
  }
  throw error;
}
