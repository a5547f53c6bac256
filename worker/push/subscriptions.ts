import type { TokenRegisterInput } from '../api/push/schemas';

/** A row of push_subscriptions (migration 0006_push.sql). */
export type SubscriptionRow = {
  id: number;
  user_id: string;
  device_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  preferred_language: string;
};

const nowIso = (): string => new Date().toISOString();

/**
 * users.push_notification_id names the user's most recently registered device still subscribed
 * (NULL when none is left).
 */
const latestDevice = (db: D1Database, userId: string): D1PreparedStatement =>
  db
    .prepare('UPDATE users SET push_notification_id = (SELECT device_id FROM push_subscriptions WHERE user_id = ?1 ORDER BY updated_at DESC, id DESC LIMIT 1) WHERE id = ?1')
    .bind(userId);

/**
 * Saves a browser's subscription for the user and device (one row per user and device). The
 * endpoint identifies the browser: a row of it under another user or device (the browser changed
 * hands) is replaced, and that user's push_notification_id follows. One batch (one transaction),
 * so parallel registrations of the same browser never meet the endpoint's UNIQUE constraint.
 */
export async function saveSubscription(db: D1Database, userId: string, input: TokenRegisterInput): Promise<void> {
  const now = nowIso();
  const { endpoint, keys } = input.subscription;
  await db.batch([
    // Another user who held this browser: their latest other device (computed before the row goes).
    db
      .prepare(
        `UPDATE users SET push_notification_id = (SELECT device_id FROM push_subscriptions s WHERE s.user_id = users.id AND s.endpoint <> ?1 ORDER BY updated_at DESC, id DESC LIMIT 1)
         WHERE id <> ?2 AND id IN (SELECT user_id FROM push_subscriptions WHERE endpoint = ?1)`,
      )
      .bind(endpoint, userId),
    db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?1 AND NOT (user_id = ?2 AND device_id = ?3)').bind(endpoint, userId, input.device_id),
    db
      .prepare(
        `INSERT INTO push_subscriptions (user_id, device_id, device_family, endpoint, p256dh, auth, preferred_language, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)
         ON CONFLICT (user_id, device_id) DO UPDATE SET device_family = excluded.device_family, endpoint = excluded.endpoint,
           p256dh = excluded.p256dh, auth = excluded.auth, preferred_language = excluded.preferred_language, updated_at = excluded.updated_at`,
      )
      .bind(userId, input.device_id, input.device_family, endpoint, keys.p256dh, keys.auth, input.preferred_language, now),
    db.prepare('UPDATE users SET push_notification_id = ?2 WHERE id = ?1').bind(userId, input.device_id),
  ]);
}

/** Removes the user's subscription of one device; answers how many rows went (0 or 1). Another user's rows are never touched. */
export async function removeSubscription(db: D1Database, userId: string, deviceId: string, deviceFamily: string): Promise<number> {
  const [deleted] = await db.batch([
    db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?1 AND device_id = ?2 AND device_family = ?3').bind(userId, deviceId, deviceFamily),
    latestDevice(db, userId),
  ]);
  return deleted?.meta.changes ?? 0;
}

/** Drops a subscription the push service said is gone (404/410). */
export async function dropExpired(db: D1Database, row: Pick<SubscriptionRow, 'id' | 'user_id'>): Promise<void> {
  await db.batch([db.prepare('DELETE FROM push_subscriptions WHERE id = ?').bind(row.id), latestDevice(db, row.user_id)]);
}

/** One page of the subscriptions that receive pushes: their user is active and has notifications on. */
export async function activeSubscriptions(db: D1Database, afterId: number, limit: number): Promise<SubscriptionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.user_id, s.device_id, s.endpoint, s.p256dh, s.auth, s.preferred_language
       FROM push_subscriptions s JOIN users u ON u.id = s.user_id
       WHERE s.id > ?1 AND u.notification_active = 1 AND u.is_active = 1
       ORDER BY s.id LIMIT ?2`,
    )
    .bind(afterId, limit)
    .all<SubscriptionRow>();
  return results;
}
