import { z } from 'zod';
import { langQuery, slug } from '../../schemas';
import { StreamAnswer } from '../../player/schemas';

/** GET /events/shows/{show}/stream_url: the show's id, or its slug (unique across events). */
export const showParam = z.object({ show: z.union([z.coerce.number().int().positive().max(2 ** 31), slug]) });

/** ?event=: the festival's slug, when the caller names the show by its page (/events/{slug}/{show}/watch): another festival's show is 404. */
export const showStreamQuery = langQuery.extend({ event: slug.optional() });

/** The show as the watch page tells it (its title in the asked language, its times, ISO). */
export const ShowTimes = z.object({ id: z.number(), title: z.string(), starts_at: z.string(), ends_at: z.string() });
export type ShowTimes = z.infer<typeof ShowTimes>;

/**
 * The refusals of a show's stream that the watch page explains: 403 STREAM_PASS_REQUIRED (offer a
 * pass), 409 SHOW_NOT_STARTED (opens_at), 410 REPLAY_ENDED (closed_at); each with the show.
 */
export const ShowStreamRefused = z.object({ status: z.number(), message: z.string(), show: ShowTimes, opens_at: z.string().optional(), closed_at: z.string().optional() });
export type ShowStreamRefused = z.infer<typeof ShowStreamRefused>;

/** 200: the player's stream answer (live, or the replay title's), and the show. */
export const ShowStream = StreamAnswer.extend({ show: ShowTimes });
export type ShowStream = z.infer<typeof ShowStream>;
