import { isLang, type Lang } from '../rules/lang';
import type { Bindings } from '../env';
import { shareImage } from '../rules/share-image';
import { encryptPayload, MAX_PLAINTEXT } from './encrypt';
import { vapidKeys } from './keys';
import { activeSubscriptions, dropExpired, type SubscriptionRow } from './subscriptions';
import { vapidSigner } from './vapid';

/** How long push services keep a message for an offline browser (the TTL header), in seconds. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** A title that became due longer ago than this (the cron was down) is not pushed any more. */
export const STALE_AFTER_MS = 24 * 3600 * 1000;
/** At most this many titles per run: a batch published at once sends its newest few, not a flood. */
export const MAX_TITLES_PER_RUN = 3;
const PAGE = 500;
const PARALLEL = 10;
export const PUSH_ICON = '/icons/icon-192.png';
export const PUSH_BADGE = '/icons/icon-96.png';

/** What the service worker (public/sw.js) shows: one notification per title, in the subscriber's language. */
export type PushMessage = {
  title: string;
  body: string;
  icon: string;
  badge: string;
  image?: string;
  /** The BELL route: records the click, then redirects to the title. */
  url: string;
  tag: string;
  lang: Lang;
  dir: 'ltr' | 'rtl';
  contentId: number;
};

export type DeliveryReport = { titles: number; skipped: number; sent: number; failed: number; removed: number; disabled?: true };

type Due = { id: number; image: string | null; due_at: string };
type Text = { lang: string; name_long: string; synopsis: string | null };

const isoSeconds = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Cuts a text to `max` characters (code points), with an ellipsis. */
const cut = (text: string, max: number): string => {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
};

/** One title's message per language (content_i18n, English fallback). */
function messages(content: Due, texts: Text[]): (lang: string) => PushMessage {
  const english = texts.find((t) => t.lang === 'en') ?? texts[0];
  const image = shareImage(content.image) ?? undefined;
  return (wanted) => {
    const lang: Lang = isLang(wanted) ? wanted : 'en';
    const text = texts.find((t) => t.lang === lang) ?? english;
    return {
      title: cut(text?.name_long ?? '', 120),
      body: cut(text?.synopsis ?? '', 240),
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      ...(image ? { image } : {}),
      url: `/notifications/${content.id}/open`,
      tag: `content-${content.id}`,
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      contentId: content.id,
    };
  };
}

/**
 * Sends one push message (RFC 8291 body, RFC 8292 VAPID) and answers the push service's status,
 * or 0 when the request itself failed.
 */
export async function sendPush(
  subscription: Pick<SubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>,
  message: PushMessage,
  authorization: (endpoint: string) => Promise<string>,
  fetcher: typeof fetch = fetch,
): Promise<number> {
  let json = JSON.stringify(message);
  // Push services take 4 KB: drop the body text rather than the message (never hit with the cuts above).
  if (new TextEncoder().encode(json).length > MAX_PLAINTEXT) json = JSON.stringify({ ...message, body: '' });
  try {
    const body = await encryptPayload(new TextEncoder().encode(json), subscription);
    const res = await fetcher(subscription.endpoint, {
      method: 'POST',
      headers: {
        Authorization: await authorization(subscription.endpoint),
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        TTL: String(PUSH_TTL_SECONDS),
        Urgency: 'normal',
        // A newer message of the same title replaces an undelivered one (RFC 8030 §5.4).
        Topic: message.tag,
      },
      body,
    });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

/**
 * The Cron Trigger's work (worker/index.ts `scheduled`): pushes each queued notification title
 * (migration 0006: added to the `notifications` category) whose publication_date_start has passed,
 * once, to every subscription of active users with notification_active = 1, in the subscription's
 * preferred_language. Subscriptions the push service says are gone (404, 410) are deleted.
 * Titles due for over a day (the cron was down) and those beyond MAX_TITLES_PER_RUN are marked
 * skipped. Without VAPID keys push is off and nothing is claimed.
 */
export async function deliverNotifications(env: Bindings, options: { fetch?: typeof fetch; now?: Date } = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { titles: 0, skipped: 0, sent: 0, failed: 0, removed: 0 };
  const keys = vapidKeys(env);
  if (!keys) return { ...report, disabled: true };
  const db = env.DB;
  const now = options.now ?? new Date();
  const { results: due } = await db
    .prepare(
      `SELECT c.id, COALESCE(c.tile_image, c.vertical_image) AS image, MAX(d.queued_at, c.publication_date_start) AS due_at
       FROM push_deliveries d JOIN contents c ON c.id = d.content_id
       WHERE d.pushed_at IS NULL AND c.publication_date_start <= ?1
         AND EXISTS (SELECT 1 FROM content_categories cc JOIN categories k ON k.id = cc.category_id WHERE cc.content_id = c.id AND k.slug = 'notifications')
       ORDER BY due_at DESC, c.id DESC`,
    )
    .bind(isoSeconds(now))
    .all<Due>();
  const stale = isoSeconds(new Date(now.getTime() - STALE_AFTER_MS));
  const send = due.filter((d) => d.due_at >= stale).slice(0, MAX_TITLES_PER_RUN);
  const skip = due.filter((d) => !send.includes(d));
  if (skip.length) {
    await db.batch(skip.map((d) => db.prepare('UPDATE push_deliveries SET pushed_at = ?2, skipped = 1 WHERE content_id = ?1 AND pushed_at IS NULL').bind(d.id, now.toISOString())));
    report.skipped = skip.length;
  }
  const authorization = vapidSigner(keys, () => now.getTime());
  for (const content of send) {
    // Claim the title first: another run that got here too sends nothing.
    const claim = await db.prepare('UPDATE push_deliveries SET pushed_at = ?2 WHERE content_id = ?1 AND pushed_at IS NULL').bind(content.id, now.toISOString()).run();
    if (claim.meta.changes !== 1) continue;
    report.titles++;
    const counts = await pushTitle(db, content, authorization, options.fetch ?? fetch);
    report.sent += counts.sent;
    report.failed += counts.failed;
    report.removed += counts.removed;
    await db.prepare('UPDATE push_deliveries SET sent = ?2, failed = ?3, removed = ?4 WHERE content_id = ?1').bind(content.id, counts.sent, counts.failed, counts.removed).run();
  }
  return report;
}

async function pushTitle(
  db: D1Database,
  content: Due,
  authorization: (endpoint: string) => Promise<string>,
  fetcher: typeof fetch,
): Promise<{ sent: number; failed: number; removed: number }> {
  const counts = { sent: 0, failed: 0, removed: 0 };
  const { results: texts } = await db.prepare('SELECT lang, name_long, synopsis FROM content_i18n WHERE content_id = ?').bind(content.id).all<Text>();
  const messageIn = messages(content, texts);
  for (let after = 0; ; ) {
    const page = await activeSubscriptions(db, after, PAGE);
    await eachLimited(page, PARALLEL, async (subscription) => {
      const status = await sendPush(subscription, messageIn(subscription.preferred_language), authorization, fetcher);
      if (status >= 200 && status < 300) counts.sent++;
      else if (status === 404 || status === 410) {
        await dropExpired(db, subscription);
        counts.removed++;
      } else {
        counts.failed++;
        console.warn(JSON.stringify({ level: 'warn', event: 'push_failed', contentId: content.id, status, service: URL.canParse(subscription.endpoint) ? new URL(subscription.endpoint).host : '' }));
      }
    });
    if (page.length < PAGE) break;
    after = page[page.length - 1]?.id ?? after;
  }
  return counts;
}
