/** The answer of DELETE /actions/watched (spec §8 success toast HISTORY_ERASED). */
export const HISTORY_ERASED = 'HISTORY_ERASED';

/**
 * Watch history (spec §7 DELETE /actions/watched: erase history): forgets every watched time of one
 * profile of the account, and nothing of its other profiles. The watched times themselves are saved
 * by the player (PUT|POST /actions/watched/{contentId}, worker/api/player/routes.ts).
 */
export async function eraseHistory(db: D1Database, userId: string, profileId: number): Promise<void> {
  await db.prepare("DELETE FROM actions WHERE user_id = ?1 AND profile_id = ?2 AND type = 'watched'").bind(userId, profileId).run();
}
