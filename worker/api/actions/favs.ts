import { z } from 'zod';
import type { Refused } from '../kernel/refusals';
import { watchTarget } from '../player/queries';
import type { AgeLimit } from '../pages/queries';
import type { ActionItem } from './schemas';

/** The two per-profile toggles of spec §4 Favourites and likes: /actions/fav/{id} and /actions/like/{id}. */
export const ToggleType = z.enum(['fav', 'like']);
export type ToggleType = z.infer<typeof ToggleType>;

/** POST /actions/{fav|like}/{id} body: the profile (spec §7); the session's current profile when left out. */
export const ToggleBody = z.object({ profile: z.number().int().min(1).optional() }).strict();

/** The answer of a toggle: the title, the list it belongs to, and whether it is in it now. */
export const ToggleAnswer = z.object({ id: z.number(), type: ToggleType, active: z.boolean() });
export type ToggleAnswer = z.infer<typeof ToggleAnswer>;

/** Why a profile cannot act on a title: none published with this id, or it is above the profile's age limit. */
export type TitleRefusal = 'CONTENT_NOT_FOUND' | 'CONTENT_NOT_AVAILABLE';

/** The profile acting, its account and its age limit. */
export type Actor = { userId: string; profileId: number; age: AgeLimit };

async function titleRefusal(db: D1Database, contentId: number, age: AgeLimit): Promise<Refused<TitleRefusal> | null> {
  const target = await watchTarget(db, contentId, age);
  if (!target) return { ok: false, refusal: 'CONTENT_NOT_FOUND' };
  if (!target.ageAllowed) return { ok: false, refusal: 'CONTENT_NOT_AVAILABLE' };
  return null;
}

/**
 * Adds or removes one title from the profile's favourites or likes. Both directions are idempotent
 * (one row per profile, title and type). Adding needs a published title (CONTENT_NOT_FOUND) within
 * the profile's age limit (CONTENT_NOT_AVAILABLE); removing always works, so a list can be cleaned
 * after a limit change.
 */
export async function toggleAction(db: D1Database, actor: Actor, type: ToggleType, contentId: number, active: boolean, now: Date): Promise<{ ok: true } | Refused<TitleRefusal>> {
  if (!active) {
    await db.prepare('DELETE FROM actions WHERE profile_id = ?1 AND content_id = ?2 AND type = ?3').bind(actor.profileId, contentId, type).run();
    return { ok: true };
  }
  const refused = await titleRefusal(db, contentId, actor.age);
  if (refused) return refused;
  await db
    .prepare(`INSERT INTO actions (user_id, profile_id, content_id, type, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
      ON CONFLICT (profile_id, content_id, type) DO NOTHING`)
    .bind(actor.userId, actor.profileId, contentId, type, now.toISOString())
    .run();
  return { ok: true };
}

/**
 * Records that the profile opened the notification of a title (spec §4 notification read or unread):
 * one click per profile and title, repeating it changes nothing but updated_at. Same refusals as adding.
 */
export async function recordClick(db: D1Database, actor: Actor, contentId: number, now: Date): Promise<{ ok: true; item: ActionItem } | Refused<TitleRefusal>> {
  const refused = await titleRefusal(db, contentId, actor.age);
  if (refused) return refused;
  const item = await db
    .prepare(
      `INSERT INTO actions (user_id, profile_id, content_id, type, created_at, updated_at) VALUES (?1, ?2, ?3, 'click', ?4, ?4)
        ON CONFLICT (profile_id, content_id, type) DO UPDATE SET updated_at = excluded.updated_at
        RETURNING content_id, profile_id, type, created_at`,
    )
    .bind(actor.userId, actor.profileId, contentId, now.toISOString())
    .first<ActionItem>();
  if (!item) throw new Error('the click was not recorded');
  return { ok: true, item };
}
