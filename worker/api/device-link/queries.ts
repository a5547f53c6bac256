import { newSessionStatement, type SessionPlace } from '../kernel/tokens';

/** One row of device_grants (worker/db/migrations/0013_device_link.sql). Times in ms. */
export type GrantRow = {
  device_code_hash: string;
  user_code: string;
  client_id: string;
  device_name: string;
  device_id: string;
  user_agent: string;
  country: string;
  city: string;
  created_at: number;
  expires_at: number;
  poll_interval: number;
  last_polled_at: number | null;
  slowed: number;
  claimed: number;
  status: 'pending' | 'approved' | 'denied' | 'issued';
  user_id: string | null;
  profile_id: number | null;
  session_id: string | null;
};

export type NewGrant = Pick<GrantRow, 'device_code_hash' | 'user_code' | 'client_id' | 'device_name' | 'device_id' | 'user_agent' | 'country' | 'city' | 'created_at' | 'expires_at' | 'poll_interval'>;

/** Stores a new grant; false when the user code is taken (the caller draws another). */
export async function insertGrant(db: D1Database, g: NewGrant): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO device_grants (device_code_hash, user_code, client_id, device_name, device_id, user_agent, country, city, created_at, expires_at, poll_interval)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (user_code) DO NOTHING`,
    )
    .bind(g.device_code_hash, g.user_code, g.client_id, g.device_name, g.device_id, g.user_agent, g.country, g.city, g.created_at, g.expires_at, g.poll_interval)
    .run();
  return res.meta.changes > 0;
}

/**
 * One poll of the token endpoint, in one statement so parallel polls are judged exactly (SQLite
 * evaluates every SET expression on the row as it was):
 * - a poll sooner than `poll_interval` after the last one is `slowed` and raises the interval by `step`;
 * - the first poll in time after approval turns `approved` into `issued` and is the one `claimed`
 *   (it alone answers tokens: a device code gives tokens once).
 */
export async function pollGrant(db: D1Database, deviceCodeHash: string, clientId: string, now: number, step: number): Promise<GrantRow | null> {
  const early = '(last_polled_at IS NOT NULL AND ?3 - last_polled_at < poll_interval * 1000)';
  return db
    .prepare(
      `UPDATE device_grants SET
         slowed = CASE WHEN ${early} THEN 1 ELSE 0 END,
         poll_interval = CASE WHEN ${early} THEN poll_interval + ?4 ELSE poll_interval END,
         claimed = CASE WHEN status = 'approved' AND expires_at > ?3 AND NOT ${early} THEN 1 ELSE 0 END,
         status = CASE WHEN status = 'approved' AND expires_at > ?3 AND NOT ${early} THEN 'issued' ELSE status END,
         last_polled_at = ?3
       WHERE device_code_hash = ?1 AND client_id = ?2
       RETURNING *`,
    )
    .bind(deviceCodeHash, clientId, now, step)
    .first<GrantRow>();
}

export async function grantByUserCode(db: D1Database, userCode: string): Promise<GrantRow | null> {
  return db.prepare('SELECT * FROM device_grants WHERE user_code = ?').bind(userCode).first<GrantRow>();
}

/**
 * Links a pending, unexpired grant to the person and profile, and creates the TV's session (a row
 * of the device history) in the same transaction: both or neither. False when the code was no longer
 * pending (used, denied or expired meanwhile: a code links one TV once).
 */
export async function approveGrant(
  db: D1Database,
  userCode: string,
  link: { userId: string; profileId: number; sessionId: string; place: SessionPlace },
  now: number,
): Promise<boolean> {
  const [, , update] = await db.batch([
    newSessionStatement(db, link.sessionId, link.userId, link.place, new Date(now)),
    db.prepare('UPDATE sessions SET profile_id = ?2 WHERE id = ?1').bind(link.sessionId, link.profileId),
    db
      .prepare(
        `UPDATE device_grants SET status = 'approved', user_id = ?2, profile_id = ?3, session_id = ?4, approved_at = ?5
          WHERE user_code = ?1 AND status = 'pending' AND expires_at > ?5`,
      )
      .bind(userCode, link.userId, link.profileId, link.sessionId, now),
    // The batch is one transaction: when the grant was no longer pending, the session goes again.
    db.prepare('DELETE FROM sessions WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM device_grants WHERE session_id = ?1)').bind(link.sessionId),
  ]);
  return update?.meta.changes === 1;
}

/** The person refuses the TV: pending → denied. */
export async function denyGrant(db: D1Database, userCode: string, now: number): Promise<boolean> {
  const res = await db
    .prepare(`UPDATE device_grants SET status = 'denied' WHERE user_code = ?1 AND status = 'pending' AND expires_at > ?2`)
    .bind(userCode, now)
    .run();
  return res.meta.changes > 0;
}

/** Cron: grants expired a day ago are dropped (their sessions, if any, stay in the device history). */
export async function purgeGrants(db: D1Database, now: number): Promise<number> {
  const res = await db.prepare('DELETE FROM device_grants WHERE expires_at < ?').bind(now - 86400_000).run();
  return res.meta.changes;
}
