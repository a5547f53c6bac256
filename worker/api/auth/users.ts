import { isLang } from '../../rules/lang';
import type { Device, User } from './schemas';
import { toProfile, type Viewer } from '../profiles/queries';
import { userLibraries } from '../libraries/queries';
import type { UserRow } from '../kernel/users';

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/**
 * GET auth/user (spec §3 User): the row, the visible profiles, and the viewing profile's
 * favourites and likes (oldest first), and watched times (most recent first) (none while that profile is locked).
 */
export async function userView(db: D1Database, row: UserRow, viewer: Viewer): Promise<User> {
  const profiles = viewer.rows.map((p) => toProfile(p, viewer.currentId));
  const profile = toProfile(viewer.row, viewer.currentId);
  const lang = isLang(row.lang) ? row.lang : 'ar';
  const [{ results: actions }, libraries] = await Promise.all([
    profile.locked
    ? { results: [] }
    : db
        .prepare("SELECT content_id, type, time FROM actions WHERE profile_id = ? AND type IN ('fav', 'like', 'watched') ORDER BY updated_at DESC, id DESC")
        .bind(profile.id)
        .all<{ content_id: number; type: string; time: number | null }>(),
    // Spec §3 User `libraries`: the library cards (issue 17).
    userLibraries(db, row.id, lang),
  ]);
  const ofType = (type: string) => actions.filter((a) => a.type === type);
  // Favourites and likes in the order they were added (My List shows the newest first); history newest first.
  const added = (type: string) => ofType(type).reverse().map((a) => ({ id: a.content_id }));
  const watched = ofType('watched').map((a) => ({ id: a.content_id, time: a.time ?? 0 }));
  return {
    id: row.id,
    lang,
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
    libraries,
    contents: [],
    favs: added('fav'),
    likes: added('like'),
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
    .prepare('SELECT id, device_id, user_agent, device_name, country, city, created_at, last_seen_at, revoked_at FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 50')
    .bind(userId)
    .all<Omit<Device, 'current' | 'active'> & { revoked_at: string | null }>();
  return results.map(({ revoked_at, ...d }) => ({ ...d, current: d.id === currentSessionId, active: revoked_at === null }));
}

/** Another account has this email or phone. */
export type TakenRefusal = 'EMAIL_TAKEN' | 'PHONE_TAKEN';

/** The refusal a failed write of a users row means (its email or phone is another account's), or null for any other failure. */
export function takenRefusal(error: unknown): TakenRefusal | null {
  const text = String(error);
  if (!text.includes('UNIQUE')) return null;
  if (text.includes('users.email')) return 'EMAIL_TAKEN';
  if (text.includes('users.phone')) return 'PHONE_TAKEN';
  return null;
}
