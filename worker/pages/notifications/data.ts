import type { Context } from 'hono';
import { ApiError } from '../../rules/api-client';
import { formatDate } from '../../../client/i18n';
import { CARD_GENRES, NOTIFICATIONS_LIMIT, type NotificationCard, type NotificationsView } from '../../rules/notifications';
import { ActionList } from '../../api/actions/schemas';
import type { User } from '../../api/auth/schemas';
import type { Config } from '../../api/configs/schemas';
import { CategoryPage, type Content } from '../../api/pages/schemas';
import type { AppEnv } from '../../env';
import { loadUser } from '../../session/user';
import { getCookie } from 'hono/cookie';
import { SentReminders } from '../../api/live-tv/schemas';
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, clockTime, validTimeZone } from '../../rules/live-tv';
import { translatorOf } from '../kit/translator';
import { forProfile, loadConfig, serverApi } from '../loaders';

type Ctx = Context<AppEnv>;

/** The category whose published titles are the notifications (spec §7 GET /pages/category/notifications). */
export const NOTIFICATIONS_CATEGORY = 'notifications';

/**
 * Spec §6: the notification center shows when notifications are enabled in config and the user
 * has notification_active or is the guest.
 */
export const notificationsShown = (config: Pick<Config, 'notifications'>, user: Pick<User, 'isAnonymous' | 'notification_active'>): boolean =>
  config.notifications && (user.isAnonymous || user.notification_active);

const toCard = (content: Content, unread: boolean): NotificationCard => ({
  id: content.id,
  slug: content.slug,
  title: content.name_long,
  image: content.tile_image ?? content.vertical_image,
  genres: content.genres.slice(0, CARD_GENRES),
  date: formatDate(content.publication_date_start),
  unread,
});

/** The announced titles the viewer may see (published, age-filtered), newest first; none when the category is missing. */
async function announced(c: Ctx): Promise<Content[]> {
  try {
    const page = await serverApi(c).request(forProfile(c, `/pages/category/${NOTIFICATIONS_CATEGORY}?limit=${NOTIFICATIONS_LIMIT}`), (v) => CategoryPage.parse(v));
    return page.contents;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** The titles among `ids` the viewing profile has opened (GET /actions/?types=click&contentIds=…). */
async function opened(c: Ctx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const clicks = await serverApi(c).request(forProfile(c, `/actions/?types=click&contentIds=${ids.join(',')}`), (v) => ActionList.parse(v));
  return new Set(clicks.map((click) => click.content_id));
}

/**
 * A member's TV reminders that were delivered (issue 16), as cards first in the list: the programme,
 * its channel and start time; negative ids keep them apart from titles.
 */
async function reminders(c: Ctx): Promise<NotificationCard[]> {
  const lang = c.get('lang');
  const t = translatorOf(c);
  const timeZone = validTimeZone(getCookie(c, TIME_ZONE_COOKIE)) ?? DEFAULT_TIME_ZONE;
  const list = await serverApi(c)
    .request(`/actions/reminders?lang=${lang}`, (v) => SentReminders.parse(v))
    .catch(() => []);
  return list.map((r) => ({
    id: -r.programme_id,
    slug: r.channel_slug,
    title: r.title,
    image: r.image,
    genres: [t('TV_REMINDER_NOTIFICATION', { time: clockTime(r.starts_at, lang, timeZone), channel: r.channel_name })],
    date: formatDate(new Date(r.starts_at * 1000).toISOString()),
    unread: !r.read,
    href: `/tv/reminders/${r.programme_id}/open`,
  }));
}

async function load(c: Ctx): Promise<NotificationsView> {
  const user = await loadUser(c);
  const [contents, reminded] = await Promise.all([announced(c), user.isAnonymous ? Promise.resolve([]) : reminders(c)]);
  // A guest keeps no read state (spec §6): the announcements are listed for them, none counted as
  // unread — a badge on a first visit would claim news nobody sent them (and guests share one
  // cached page, so no per-guest count could be right).
  const read = user.isAnonymous ? null : await opened(c, contents.map((content) => content.id));
  const items = [...reminded, ...contents.map((content) => toCard(content, read !== null && !read.has(content.id)))];
  return { items, unread: items.filter((item) => item.unread).length, guest: user.isAnonymous };
}

/** One load per request: the top bar's bell and the /notifications page share it. */
const loaded = new WeakMap<Request, Promise<NotificationsView>>();

/**
 * The visitor's notifications, computed on the server (no fetch from the browser at load): the
 * `notifications` category's titles published for them, newest first, each unread unless the
 * viewing profile opened it (spec §4 notification read or unread).
 */
export function loadNotifications(c: Ctx): Promise<NotificationsView> {
  let view = loaded.get(c.req.raw);
  if (!view) {
    view = load(c);
    loaded.set(c.req.raw, view);
  }
  return view;
}

/** The bell's data for the top bar, or null when it is not shown (spec §6) or could not be loaded (logged; the page still renders). */
export async function loadBell(c: Ctx): Promise<NotificationsView | null> {
  try {
    const [config, user] = await Promise.all([loadConfig(c), loadUser(c)]);
    if (!notificationsShown(config, user)) return null;
    return await loadNotifications(c);
  } catch (error) {
    console.error(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'notifications failed', error: String(error) }));
    return null;
  }
}
