import { hasActiveSubscription } from '../../rules/subscription';
import type { Profile } from './schemas';
import type { UserRow } from '../kernel/users';
import { remember, sessionProfileKey } from '../kernel/request-db';
import { profilesNeedSubscription } from '../../rules/profiles';
import { dataUsageOf } from '../../rules/data-usage';
import type { Config } from '../configs/schemas';
import { captionStyleOf } from '../../rules/captions';

/** A profiles row (worker/db/migrations/0002_accounts.sql). */
export type ProfileRow = {
  id: number;
  user_id: string;
  name: string;
  picture: string;
  is_kid: number;
  age_restriction: string;
  pin_hash: string | null;
  pin_is_activated: number;
  autoplay: number;
  caption_size: string;
  caption_background: string;
  data_usage: string;
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

/** Spec §3 Profile as answered; `locked`: a PIN is active and this session has not unlocked it. */
export const toProfile = (row: ProfileRow, currentId: number | null = null): Profile => ({
  id: row.id,
  name: row.name,
  picture: row.picture,
  is_kid: row.is_kid === 1,
  age_restriction: row.age_restriction,
  pin_is_activated: row.pin_is_activated === 1,
  has_pin: row.pin_hash !== null,
  locked: isLocked(row, currentId),
  autoplay: row.autoplay === 1,
  ...captionFields(row),
  data_usage: dataUsageOf(row.data_usage),
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

const captionFields = (row: Pick<ProfileRow, 'caption_size' | 'caption_background'>) => {
  const style = captionStyleOf(row.caption_size, row.caption_background);
  return { caption_size: style.size, caption_background: style.background };
};

const isLocked = (row: Pick<ProfileRow, 'id' | 'pin_hash' | 'pin_is_activated'>, currentId: number | null): boolean =>
  row.pin_is_activated === 1 && row.pin_hash !== null && row.id !== currentId;

/** The account's profiles in creation order (the first is the main profile). */
export async function profileRows(db: D1Database, userId: string): Promise<ProfileRow[]> {
  const { results } = await remember(db, `profiles:${userId}`, () => db.prepare('SELECT * FROM profiles WHERE user_id = ? ORDER BY id').bind(userId).all<ProfileRow>());
  return [...results];
}

/** The profiles a user may use: all of them, or only the first without a subscription where one is needed. */
export function visibleProfiles(rows: ProfileRow[], user: Pick<UserRow, 'subscription_id' | 'subscription_end'>, config: Pick<Config, 'free_platform' | 'subscriptions'>): ProfileRow[] {
  return profilesNeedSubscription(config) && !hasActiveSubscription(user) ? rows.slice(0, 1) : rows;
}

/** The session's current profile (read with the caller's check in a request, worker/api/kernel/auth.ts). */
export const currentProfileId = (db: D1Database, sessionId: string): Promise<number | null> =>
  remember(db, sessionProfileKey(sessionId), async () => (await db.prepare('SELECT profile_id FROM sessions WHERE id = ?').bind(sessionId).first<{ profile_id: number | null }>())?.profile_id ?? null);

export const setCurrentProfile = (db: D1Database, sessionId: string, profileId: number): Promise<unknown> =>
  db.prepare('UPDATE sessions SET profile_id = ? WHERE id = ?').bind(profileId, sessionId).run();

/**
 * Who is watching in this session. `requested` (the `?profile=` / `profileId` of a call) must be one
 * of the visible profiles (else `missing`); otherwise the session's current profile, else the first.
 * `locked`: the chosen profile has an active PIN that this session has not unlocked.
 */
export type Viewer = { rows: ProfileRow[]; row: ProfileRow; currentId: number | null; locked: boolean };

export async function resolveViewer(
  db: D1Database,
  user: UserRow,
  sessionId: string,
  config: Pick<Config, 'free_platform' | 'subscriptions'>,
  requested?: number,
): Promise<Viewer | 'missing'> {
  const [rows, currentId] = await Promise.all([profileRows(db, user.id), currentProfileId(db, sessionId)]);
  const visible = visibleProfiles(rows, user, config);
  const wanted = requested ?? currentId;
  const row = visible.find((p) => p.id === wanted) ?? (requested === undefined ? visible[0] : undefined);
  if (!row) return 'missing';
  return { rows: visible, row, currentId, locked: isLocked(row, currentId) };
}
