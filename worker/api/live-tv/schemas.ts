import { z } from 'zod';
import { langQuery, slug } from '../schemas';

/** A programme of the guide, in the asked language (spec §2 /epg; XMLTV fields). Times: unix seconds, UTC. */
export const Programme = z.object({
  id: z.number(),
  channel_id: z.number(),
  starts_at: z.number(),
  ends_at: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  /** In the asked language when the guide gives it, else English, else any. */
  category: z.string().nullable(),
  episode: z.string().nullable(),
  age_rating: z.number(),
  image: z.string().nullable(),
  /** Catch-up: the VOD title that recorded it (/player/{slug}), when there is one. */
  recording_slug: z.string().nullable(),
  /** The caller set "remind me" on it (always false for guests). */
  reminded: z.boolean(),
});
export type Programme = z.infer<typeof Programme>;

export const Channel = z.object({
  id: z.number(),
  slug: z.string(),
  number: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  premium: z.boolean(),
  age_rating: z.number(),
  programmes: z.array(Programme),
});
export type Channel = z.infer<typeof Channel>;

/** GET /pages/tv and GET /pages/epg: the channels the viewer may see, each with its programmes in [from, to). */
export const Guide = z.object({ from: z.number(), to: z.number(), now: z.number(), channels: z.array(Channel) });
export type Guide = z.infer<typeof Guide>;

/** GET /pages/epg?from=&to= (unix seconds; at most two days, within the guide's days). */
export const guideQuery = langQuery.extend({
  from: z.coerce.number().int().min(0).max(4_102_444_800),
  to: z.coerce.number().int().min(0).max(4_102_444_800),
});

export const channelParam = z.object({ slug });
export const programmeParam = z.object({ programmeId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** GET /pages/tv/programmes/{id}: one programme and its channel. */
export const ProgrammeDetails = z.object({ programme: Programme, channel: Channel.omit({ programmes: true }) });
export type ProgrammeDetails = z.infer<typeof ProgrammeDetails>;

/** POST /tv/reminders/deliver?at= (development): when the delivery runs. */
export const deliverQuery = z.object({ at: z.iso.datetime().optional() });

/** POST|DELETE /actions/reminders/{programmeId}. */
export const ReminderAnswer = z.object({ programme_id: z.number(), reminded: z.boolean(), notify_at: z.number().nullable() });
export type ReminderAnswer = z.infer<typeof ReminderAnswer>;

/** GET /actions/reminders: the caller's reminders already delivered (the bell shows them), newest first. */
export const SentReminder = z.object({
  programme_id: z.number(),
  title: z.string(),
  channel_slug: z.string(),
  channel_name: z.string(),
  starts_at: z.number(),
  image: z.string().nullable(),
  sent_at: z.string(),
  read: z.boolean(),
});
export const SentReminders = z.array(SentReminder);
export type SentReminder = z.infer<typeof SentReminder>;
