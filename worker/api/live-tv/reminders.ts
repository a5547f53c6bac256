/**
 * "Remind me" (issue 16): a viewer's reminder of a programme that has not started yet; the billing
 * cron's minute (worker/index.ts `scheduled`) delivers each one REMINDER_LEAD_MINUTES before the
 * start, exactly once (claimed by one UPDATE): it joins the viewer's bell (GET /actions/reminders)
 * and is pushed to their browsers (web push of worker/push) in the language they set it in.
 */
import { translate } from '../../i18n';
import { isLang, dirOf, type Lang } from '../../rules/lang';
import { REMINDER_LEAD_MINUTES } from '../../rules/live-tv';
import { pickText } from '../../rules/texts';
import { PUSH_BADGE, PUSH_ICON, sendPush, type PushMessage } from '../../push/deliver';
import type { VapidKeys } from '../../push/keys';
import { dropExpired, type SubscriptionRow } from '../../push/subscriptions';
import { vapidSigner } from '../../push/vapid';
import { channelName } from './queries';
import type { SentReminder } from './schemas';

/** A reminder due longer ago than this (the cron was down) is marked sent without a push: the programme is well under way. */
const STALE_SECONDS = 15 * 60;
/** The bell keeps delivered reminders this long. */
const KEEP_IN_BELL_SECONDS = 2 * 86400;

export async function setReminder(db: D1Database, userId: string, programmeId: number, lang: Lang, now: Date): Promise<void> {
  await db
    .prepare('INSERT INTO programme_reminders (user_id, programme_id, lang, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (user_id, programme_id) DO UPDATE SET lang = excluded.lang')
    .bind(userId, programmeId, lang, now.toISOString())
    .run();
}

export async function removeReminder(db: D1Database, userId: string, programmeId: number): Promise<void> {
  await db.prepare('DELETE FROM programme_reminders WHERE user_id = ?1 AND programme_id = ?2').bind(userId, programmeId).run();
}

export async function markReminderRead(db: D1Database, userId: string, programmeId: number, now: Date): Promise<boolean> {
  const res = await db.prepare('UPDATE programme_reminders SET read_at = COALESCE(read_at, ?3) WHERE user_id = ?1 AND programme_id = ?2 AND sent_at IS NOT NULL').bind(userId, programmeId, now.toISOString()).run();
  return res.meta.changes === 1;
}

type DueRow = { user_id: string; programme_id: number; lang: string; title: string; image: string | null; starts_at: number; names: string; slug: string };

/** The caller's delivered reminders of the last two days, newest first, in `lang`. */
export async function sentReminders(db: D1Database, userId: string, lang: Lang, now: Date): Promise<SentReminder[]> {
  const { results } = await db
    .prepare(
      `SELECT r.programme_id, r.sent_at, r.read_at, p.title, p.image, p.starts_at, c.names, c.slug
       FROM programme_reminders r JOIN programmes p ON p.id = r.programme_id JOIN channels c ON c.id = p.channel_id
       WHERE r.user_id = ?1 AND r.sent_at IS NOT NULL AND p.starts_at > ?2 ORDER BY r.sent_at DESC, p.starts_at DESC LIMIT 20`,
    )
    .bind(userId, Math.floor(now.getTime() / 1000) - KEEP_IN_BELL_SECONDS)
    .all<{ programme_id: number; sent_at: string; read_at: string | null; title: string; image: string | null; starts_at: number; names: string; slug: string }>();
  return results.map((r) => ({
    programme_id: r.programme_id,
    title: pickText(r.title, lang),
    channel_slug: r.slug,
    channel_name: channelName(r, lang),
    starts_at: r.starts_at,
    image: r.image,
    sent_at: r.sent_at,
    read: r.read_at !== null,
  }));
}

export type ReminderReport = { due: number; sent: number; failed: number; removed: number; stale: number };

/** The push message of a reminder, in the language it was set in. */
export function reminderMessage(row: Pick<DueRow, 'programme_id' | 'lang' | 'title' | 'image' | 'names' | 'slug'>, minutes: number): PushMessage {
  const lang: Lang = isLang(row.lang) ? row.lang : 'en';
  const t = translate(lang);
  return {
    title: pickText(row.title, lang),
    body: t('TV_REMINDER_BODY', { minutes: Math.max(1, minutes), channel: channelName(row, lang) }),
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    url: `/tv/${row.slug}`,
    tag: `programme-${row.programme_id}`,
    lang,
    dir: dirOf(lang),
    contentId: row.programme_id,
  };
}

/**
 * Delivers the reminders whose programme starts within REMINDER_LEAD_MINUTES of `now`: each is
 * claimed by one UPDATE (two overlapping runs never send it twice), shows in the bell, and is
 * pushed to the user's subscribed browsers when web push is configured (`keys`, vapidKeys) and
 * their notifications are on. Subscriptions the push service says are gone are deleted.
 */
export async function deliverReminders(db: D1Database, keys: VapidKeys | null, now: Date, fetcher: typeof fetch = fetch): Promise<ReminderReport> {
  const report: ReminderReport = { due: 0, sent: 0, failed: 0, removed: 0, stale: 0 };
  const at = Math.floor(now.getTime() / 1000);
  const { results: due } = await db
    .prepare(
      `SELECT r.user_id, r.programme_id, r.lang, p.title, p.image, p.starts_at, c.names, c.slug
       FROM programme_reminders r JOIN programmes p ON p.id = r.programme_id JOIN channels c ON c.id = p.channel_id
       WHERE r.sent_at IS NULL AND p.starts_at <= ?1 ORDER BY p.starts_at LIMIT 500`,
    )
    .bind(at + REMINDER_LEAD_MINUTES * 60)
    .all<DueRow>();
  const authorization = keys ? vapidSigner(keys, () => now.getTime()) : null;
  for (const row of due) {
    const claim = await db.prepare('UPDATE programme_reminders SET sent_at = ?3 WHERE user_id = ?1 AND programme_id = ?2 AND sent_at IS NULL').bind(row.user_id, row.programme_id, now.toISOString()).run();
    if (claim.meta.changes !== 1) continue;
    report.due++;
    if (row.starts_at < at - STALE_SECONDS) {
      report.stale++;
      continue;
    }
    if (!authorization) continue;
    const { results: subscriptions } = await db
      .prepare(
        `SELECT s.id, s.user_id, s.device_id, s.endpoint, s.p256dh, s.auth, s.preferred_language FROM push_subscriptions s JOIN users u ON u.id = s.user_id
         WHERE s.user_id = ?1 AND u.notification_active = 1 AND u.is_active = 1`,
      )
      .bind(row.user_id)
      .all<SubscriptionRow>();
    const message = reminderMessage(row, Math.round((row.starts_at - at) / 60));
    for (const subscription of subscriptions) {
      const status = await sendPush(subscription, message, authorization, fetcher);
      if (status >= 200 && status < 300) report.sent++;
      else if (status === 404 || status === 410) {
        await dropExpired(db, subscription);
        report.removed++;
      } else report.failed++;
    }
  }
  return report;
}
