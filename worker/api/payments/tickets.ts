// Pay per title (issue 14; spec §3 User credits, §9 "an 'unlock content' action costs one ticket and
// allows a single viewing"): packs add tickets to users.credits when their payment is accepted; an
// unlock spends one and opens one title for 48 hours. Both are exact under parallel requests: each
// is one D1 batch (batches run one at a time) whose statements check what the other wrote.
import { UNLOCK_VALID_MS } from '../../rules/payment-methods';
import { done, refused } from '../kernel/refusals';
import type { Result } from './refusals';

/** The accepted pack's tickets onto its buyer's balance, in the batch that accepts it. */
export const addTicketsStatement = (db: D1Database, transactionId: string, guard: string, ...guardArgs: unknown[]): D1PreparedStatement =>
  db
    .prepare(
      `UPDATE users SET credits = credits + (SELECT p.tickets FROM transactions t JOIN plans p ON p.id = t.plan_id WHERE t.id = ?1)
       WHERE id = (SELECT user_id FROM transactions WHERE id = ?1) AND ${guard.replaceAll('?', '?2')}`,
    )
    .bind(transactionId, ...guardArgs);

export type Unlock = { content_id: number; unlocked_at: string; expires_at: string };

/** The running unlock of one of these titles (a title, or an episode and its series), if any. */
export async function activeUnlock(db: D1Database, userId: string, contentIds: number[], now: Date): Promise<Unlock | null> {
  if (contentIds.length === 0) return null;
  return db
    .prepare(`SELECT content_id, unlocked_at, expires_at FROM unlocks WHERE user_id = ? AND content_id IN (${contentIds.map(() => '?').join(', ')}) AND expires_at > ? ORDER BY expires_at DESC LIMIT 1`)
    .bind(userId, ...contentIds, now.toISOString())
    .first<Unlock>();
}

export const ticketsOf = async (db: D1Database, userId: string): Promise<number> =>
  (await db.prepare('SELECT credits FROM users WHERE id = ?').bind(userId).first<{ credits: number }>())?.credits ?? 0;

/**
 * Spends one ticket on a title, once: the unlock row is written only while the balance is positive
 * and no unlock of the title runs; the balance goes down only if that very row was written. Parallel
 * clicks therefore spend one ticket; a click during a running unlock spends none and answers it.
 */
export async function spendTicket(db: D1Database, userId: string, contentId: number, now: Date): Promise<Result<{ unlock: Unlock; spent: boolean; credits: number }>> {
  const at = now.toISOString();
  const id = crypto.randomUUID();
  const expires = new Date(now.getTime() + UNLOCK_VALID_MS).toISOString();
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO unlocks (id, user_id, content_id, unlocked_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT credits FROM users WHERE id = ?2) > 0
           AND NOT EXISTS (SELECT 1 FROM unlocks WHERE user_id = ?2 AND content_id = ?3 AND expires_at > ?4)`,
      )
      .bind(id, userId, contentId, at, expires),
    db.prepare('UPDATE users SET credits = credits - 1 WHERE id = ?1 AND EXISTS (SELECT 1 FROM unlocks WHERE id = ?2)').bind(userId, id),
  ]);
  const credits = await ticketsOf(db, userId);
  if ((inserted?.meta.changes ?? 0) === 1) return done({ unlock: { content_id: contentId, unlocked_at: at, expires_at: expires }, spent: true, credits });
  const running = await activeUnlock(db, userId, [contentId], now);
  if (running) return done({ unlock: running, spent: false, credits });
  return refused('NO_TICKETS', 'no ticket left: buy a pack or subscribe');
}

/** The account's unlocks, newest first, with the title's name in `lang` (billing activity). */
export async function listUnlocks(db: D1Database, userId: string, lang: string, limit = 50): Promise<(Unlock & { slug: string; name: string })[]> {
  const { results } = await db
    .prepare(
      `SELECT u.content_id, u.unlocked_at, u.expires_at, c.slug, COALESCE(t.name_long, te.name_long, c.original_title) AS name
       FROM unlocks u JOIN contents c ON c.id = u.content_id
       LEFT JOIN content_i18n t ON t.content_id = c.id AND t.lang = ?2 LEFT JOIN content_i18n te ON te.content_id = c.id AND te.lang = 'en'
       WHERE u.user_id = ?1 ORDER BY u.unlocked_at DESC LIMIT ?3`,
    )
    .bind(userId, lang, limit)
    .all<Unlock & { slug: string; name: string }>();
  return results;
}
