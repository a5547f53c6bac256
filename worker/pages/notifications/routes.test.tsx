import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { announceStatements } from '../../../scripts/admin/announce.ts';
import type { NotificationCard } from '../../rules/notifications';
import { makeTitle } from '../../test/catalogue';
import { call, en, hasTag, html, post, quietConsole, registeredSubscriber, type Jar } from '../../test/site';
import { notificationsShown } from './data';

/**
 * The notification bell of the top bar, /notifications and /notifications/{id}/open, through the
 * whole worker (edge, session, pages, built-in API on D1), as a browser without JavaScript.
 */

type Bell = { items: NotificationCard[]; total: number; unread: number; guest: boolean };

const unescape = (text: string): string =>
  text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The bell island's props in a page, or null when the page has no bell. */
function bellOf(page: string): Bell | null {
  const match = /data-island="notification-bell"[^>]*?data-props="([^"]*)"/.exec(page);
  return match?.[1] ? (JSON.parse(unescape(match[1])) as Bell) : null;
}

async function bell(jar?: Jar): Promise<Bell> {
  const { res, html: page } = await call('/search', {}, jar);
  expect(res.status).toBe(200);
  const found = bellOf(page);
  if (!found) throw new Error('no bell on the page');
  return found;
}

const NIGHT_TRAIN = { id: 15, slug: 'night-train-to-oujda' }; // 16+
const ROBOT = { id: 58, slug: 'robot-of-the-souk' }; // comedy, animation, adventure (the API lists genres by their position)

const notificationsCategory = async (): Promise<number> =>
  ((await env.DB.prepare("SELECT id FROM categories WHERE slug = 'notifications'").first<{ id: number }>()) as { id: number }).id;

/** What scripts/admin/notify.ts does, on the test database. */
async function announce(id: number): Promise<void> {
  const category = await notificationsCategory();
  await env.DB.batch(announceStatements(id, category, false).map((sql) => env.DB.prepare(sql)));
}

const clicks = (profileId: number) =>
  env.DB.prepare("SELECT content_id FROM actions WHERE type = 'click' AND profile_id = ?").bind(profileId).all<{ content_id: number }>();

const profileIdOf = async (jar: Jar): Promise<number> => {
  const { html: body } = await call('/api/auth/user', {}, jar);
  return (JSON.parse(body) as { profile: { id: number } }).profile.id;
};

quietConsole();

describe('the bell in the top bar', () => {
  it('shows a brand-new guest the announced titles with no unread count (no badge), linking to /notifications', async () => {
    const { html: page } = await call('/search');
    const found = bellOf(page);
    expect(found?.guest).toBe(true);
    expect(found?.total).toBeGreaterThan(0);
    expect(found?.unread).toBe(0);
    expect(found?.items.length).toBeGreaterThan(0);
    expect(found?.items.some((item) => item.unread)).toBe(false);
    expect(found?.items.map((item) => item.id)).toContain(NIGHT_TRAIN.id);
    expect(hasTag(page, 'a', { class: 'icon-button bell__trigger', href: '/notifications' })).toBe(true);
    expect(page).not.toContain('class="bell__badge"');
    expect(page).not.toContain(html(en('NOTIFICATIONS_UNREAD', { count: found?.total ?? 0 })));
    // The /notifications page lists them all, none marked new.
    const list = await call('/notifications?lang=en');
    expect(list.html).toContain(`/notifications/${NIGHT_TRAIN.id}/open`);
    expect(list.html).not.toContain('notification-card--unread');
  });

  it('counts one more after a title is announced, one less once a member opens it', async () => {
    const { jar } = await registeredSubscriber();
    const before = await bell(jar);
    expect(before.guest).toBe(false);
    expect(before.unread).toBe(before.total);

    const title = await makeTitle();
    await announce(title.id);
    const announced = await bell(jar);
    expect(announced.unread).toBe(before.unread + 1);
    // Newest first, dated today.
    expect(announced.items[0]).toMatchObject({ id: title.id, slug: title.slug, title: `Title ${title.id}`, unread: true });
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(announced.items[0]?.date).toBe(today);

    const open = await call(`/notifications/${title.id}/open`, {}, jar);
    expect(open.res.status).toBe(303);
    expect(open.res.headers.get('location')).toBe(`/content/${title.slug}`);
    const after = await bell(jar);
    expect(after.unread).toBe(before.unread);
    // Spec §7: an opened notification leaves the bell's list (the /notifications page keeps it, read).
    expect(after.items.map((item) => item.id)).not.toContain(title.id);
    expect(after.items.every((item) => item.unread)).toBe(true);
    expect(after.total).toBe(announced.total);

    // Opening it again changes nothing; announcing it again makes it unread again.
    await call(`/notifications/${title.id}/open`, {}, jar);
    expect((await clicks(await profileIdOf(jar))).results).toEqual([{ content_id: title.id }]);
    await announce(title.id);
    expect((await bell(jar)).unread).toBe(before.unread + 1);
  });

  it('is not shown to a member who turned notifications off', async () => {
    const { jar } = await registeredSubscriber();
    const off = await post('/profile', { intent: 'notifications', active: 'false' }, jar);
    expect(off.res.status).toBe(303);
    const { html: page } = await call('/search', {}, jar);
    expect(bellOf(page)).toBeNull();
    const list = await call('/notifications', {}, jar);
    expect(list.res.status).toBe(200);
    expect(list.html).toContain(html(en('NOTIFICATIONS_OFF')));
    expect(hasTag(list.html, 'a', { href: '/profile#notifications' })).toBe(true);
  });

  it('follows the config flag and notification_active (spec §6)', () => {
    expect(notificationsShown({ notifications: true }, { isAnonymous: true, notification_active: true })).toBe(true);
    expect(notificationsShown({ notifications: true }, { isAnonymous: false, notification_active: true })).toBe(true);
    expect(notificationsShown({ notifications: true }, { isAnonymous: false, notification_active: false })).toBe(false);
    expect(notificationsShown({ notifications: false }, { isAnonymous: true, notification_active: true })).toBe(false);
  });
});

describe('/notifications', () => {
  it('lists the cards with image, title, first 2 genres, date as DD/MM/YYYY and unread markers', async () => {
    const { jar } = await registeredSubscriber();
    await call(`/notifications/${ROBOT.id}/open`, {}, jar);
    const { res, html: page } = await call('/notifications?lang=en', {}, jar);
    expect(res.status).toBe(200);
    expect(page).toContain(`<title>${html(en('NOTIFICATIONS'))} | Tafrij</title>`);
    const robot = page.slice(page.indexOf(`data-notification="${ROBOT.id}"`));
    expect(robot.slice(0, robot.indexOf('</a>'))).toMatch(/^data-notification="58"><span class="notification-card__image"><img src="\/catalogue\/robot-of-the-souk-tile\.webp"/);
    expect(robot).toContain('<h2 class="notification-card__title">Robot of the Souk</h2><span class="notification-card__genres">Comedy · Animation</span>');
    expect(robot.slice(0, robot.indexOf('</a>'))).toContain('18/10/2026</span>');
    expect(robot.slice(0, robot.indexOf('</a>'))).not.toContain('notification-card__dot');
    expect(hasTag(page, 'a', { class: 'notification-card notification-card--unread', href: `/notifications/${NIGHT_TRAIN.id}/open` })).toBe(true);
    expect(hasTag(page, 'a', { class: 'notification-card', href: `/notifications/${ROBOT.id}/open` })).toBe(true);
    expect(page).toContain(html(en('NOTIFICATION_UNREAD')));
  });

  it('names the genres in the page language and hides titles above a kids profile age limit', async () => {
    const { jar } = await registeredSubscriber();
    const created = await call('/api/auth/profiles', { method: 'POST', body: JSON.stringify({ name: 'Kid', is_kid: true }), headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' } }, jar);
    expect(created.res.status).toBe(201);
    const kid = (JSON.parse(created.html) as { id: number }).id;
    const adult = await call('/notifications?lang=fr', {}, jar);
    expect(adult.res.status).toBe(302); // two profiles: who is watching first
    expect((await post('/whoswatching', { id: String(kid), redirect: '/notifications' }, jar)).res.status).toBe(303);
    const { html: page } = await call('/notifications?lang=fr', {}, jar);
    expect(page).toContain('Comédie · Animation');
    expect(page).not.toContain(`data-notification="${NIGHT_TRAIN.id}"`);
    expect(bellOf(page)?.items.map((item) => item.id)).not.toContain(NIGHT_TRAIN.id);
    // The open route refuses the 16+ title for the kid and records nothing.
    const refused = await call(`/notifications/${NIGHT_TRAIN.id}/open`, {}, jar);
    expect(refused.res.status).toBe(403);
    expect((await clicks(kid)).results).toEqual([]);
  });
});

describe('/notifications/{contentId}/open', () => {
  it('sends a guest to the title without recording anything', async () => {
    const { res } = await call(`/notifications/${ROBOT.id}/open`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/content/${ROBOT.slug}`);
  });

  it('answers 404 for a malformed, unknown or unpublished title', async () => {
    const { jar } = await registeredSubscriber();
    const future = await makeTitle({ published: '2999-01-01T00:00:00Z' });
    for (const path of ['/notifications/abc/open', '/notifications/0/open', '/notifications/999999999/open', `/notifications/${future.id}/open`]) {
      expect((await call(path, {}, jar)).res.status, path).toBe(404);
    }
    expect((await clicks(await profileIdOf(jar))).results).toEqual([]);
  });
});
