import { z } from 'zod';

/** The kinds of action record (actions.type, 0002_accounts.sql). */
export const ActionType = z.enum(['fav', 'like', 'watched', 'click']);
export type ActionType = z.infer<typeof ActionType>;

/** At most this many `contentIds` in one GET /actions/ call. */
export const MAX_CONTENT_IDS = 100;

/** A comma-separated list, each item checked by `item`, duplicates dropped. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number, tooMany: string) =>
  z
    .string()
    .max(2000)
    .transform((text) => text.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).min(1, 'must not be empty').max(max, tooMany))
    .transform((list) => [...new Set(list)] as z.infer<T>[]);

/**
 * GET /actions/?types=click&contentIds=1,2&profileId=3 (spec §7). Without `types` the call is the
 * CSV download; `profileId` is read by requestedProfile (400 PROFILE_NOT_FOUND when malformed).
 * Other parameters (the `lang` every call carries) are ignored.
 */
export const actionsQuery = z.object({
  types: commaList(ActionType, ActionType.options.length, 'TOO_MANY_TYPES').optional(),
  contentIds: commaList(z.string().regex(/^[1-9]\d{0,14}$/, 'must be a positive integer').transform(Number), MAX_CONTENT_IDS, 'TOO_MANY_IDS').optional(),
});

/** The action record of spec §3 (content_id, profile_id, type), with when it was first made. */
export const ActionItem = z.object({ content_id: z.number(), profile_id: z.number(), type: ActionType, created_at: z.string() });
export type ActionItem = z.infer<typeof ActionItem>;
/** GET /actions/?types=…: the viewing profile's actions, most recent first. */
export const ActionList = z.array(ActionItem);

/** POST /actions/click/{contentId}: the profile that opened the notification (the session's when left out). */
export const ClickBody = z.object({ profile: z.number().int().min(1).optional() }).strict();
