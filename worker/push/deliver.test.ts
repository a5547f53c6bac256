import { env } from 'cloudflare:workers';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { quietConsole } from '../test/site';
import { callApi, registeredUser } from '../test/accounts';
import { deliverNotifications, MAX_TITLES_PER_RUN, PUSH_TTL_SECONDS, type PushMessage } from './deliver';
import { decryptPush, newSubscriber, pushService, type Sent, type Subscriber } from './testing';

/**
 * Delivery against a mocked push service: every outbound request is recorded and answered with the
 * status its endpoint was given (201 by default); payloads are decrypted with the subscriber's keys.
 */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
let nextId = 900_000 + Math.floor(Math.random() * 50_000);

/** The `notifications` category (the seed makes it; made here if missing). */
async function notificationsCategory(): Promise<number> {
  await env.DB.prepare("INSERT INTO categories (id, slug, position) SELECT 990001, 'notifications', 0 WHERE NOT EXISTS (SELECT 1 FROM categories WHERE slug = 'notifications')").run();
  const row = await env.DB.prepare("SELECT id FROM categories WHERE slug = 'notifications'").first<{ id: number }>();
  return row?.id ?? 0;
}

/** A new title published to the notifications category, in English, French and Arabic (no Spanish). */
async function publish(publishedAt = Date.now() - 60_000): Promise<number> {
  const id = nextId++;
  const category = await notificationsCategory();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO contents (id, slug, type, original_title, publication_date_start, tile_image) VALUES (?1, ?2, 'video', 'Push', ?3, ?4)").bind(
      id,
      `push-title-${id}`,
      iso(publishedAt),
      '/catalogue/casa-blues-tile.webp',
    ),
    env.DB.prepare("INSERT INTO content_i18n (content_id, lang, name_long, synopsis) VALUES (?1, 'en', ?2, 'A new film'), (?1, 'fr', ?3, 'Un nouveau film'), (?1, 'ar', ?4, 'فيلم جديد')").bind(
      id,
      `Title ${id}`,
      `Titre ${id}`,
      `عنوان ${id}`,
    ),
    env.DB.prepare('INSERT INTO content_categories (content_id, category_id) VALUES (?, ?)').bind(id, category),
  ]);
  return id;
}

/** A logged-in user with one subscribed browser per language given. */
async function subscriber(...langs: string[]): Promise<{ userId: string; browsers: (Subscriber & { endpoint: string; lang: string })[] }> {
  const { id, tokens } = await registeredUser();
  const browsers = [];
  for (const lang of langs) {
    const keys = await newSubscriber();
    const endpoint = `https://push.example.com/${crypto.randomUUID()}`;
    const res = await callApi('/pushNotifications/tokenRegister', {
      method: 'POST',
      token: tokens.token,
      body: { device_id: crypto.randomUUID(), device_family: 'web', preferred_language: lang, subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } },
    });
    expect(res.status).toBe(200);
    browsers.push({ ...keys, endpoint, lang });
  }
  return { userId: id, browsers };
}

/** The messages a browser received, decrypted with its keys. */
async function received(sent: Sent[], browser: Subscriber & { endpoint: string }): Promise<PushMessage[]> {
  return Promise.all(sent.filter((s) => s.endpoint === browser.endpoint).map(async (s) => JSON.parse(await decryptPush(s.body, browser)) as PushMessage));
}

const subscriptionCount = async (userId: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM push_subscriptions WHERE user_id = ?').bind(userId).first<{ n: number }>())?.n ?? -1;

// Titles queued by other tests or the seed are delivered (to the mock) first, so each test sees its own.
beforeEach(async () => {
  await deliverNotifications(env, { fetch: pushService().fetch, now: new Date(Date.now() + 3 * 24 * 3600 * 1000) });
});

describe('deliverNotifications', () => {
  quietConsole();

  it("pushes a new title to each browser in its language, English when there is none, with VAPID and a TTL", async () => {
    const { browsers } = await subscriber('fr', 'ar', 'es');
    const title = await publish();
    const service = pushService();
    const report = await deliverNotifications(env, { fetch: service.fetch });
    expect(report).toMatchObject({ titles: 1, failed: 0, removed: 0 });
    const [fr, ar, es] = await Promise.all(browsers.map((b) => received(service.sent, b)));
    expect(fr).toEqual([
      {
        title: `Titre ${title}`,
        body: 'Un nouveau film',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-96.png',
        image: '/catalogue/casa-blues-tile.jpg',
        url: `/notifications/${title}/open`,
        tag: `content-${title}`,
        lang: 'fr',
        dir: 'ltr',
        contentId: title,
      },
    ]);
    expect(ar).toMatchObject([{ title: `عنوان ${title}`, body: 'فيلم جديد', lang: 'ar', dir: 'rtl' }]);
    expect(es).toMatchObject([{ title: `Title ${title}`, body: 'A new film', lang: 'es' }]);
    const request = service.sent.find((s) => s.endpoint === browsers[0]?.endpoint);
    expect(request?.headers.get('Content-Encoding')).toBe('aes128gcm');
    expect(request?.headers.get('TTL')).toBe(String(PUSH_TTL_SECONDS));
    const token = /^vapid t=([^,]+), k=[\w-]+$/.exec(request?.headers.get('Authorization') ?? '')?.[1] ?? '';
    expect(decodeJwt(token).aud).toBe('https://push.example.com');
  });

  it('pushes a title once', async () => {
    const { browsers } = await subscriber('en');
    const title = await publish();
    const first = pushService();
    await deliverNotifications(env, { fetch: first.fetch });
    const second = pushService();
    await deliverNotifications(env, { fetch: second.fetch });
    expect((await received(first.sent, browsers[0]!)).map((m) => m.contentId)).toEqual([title]);
    expect(await received(second.sent, browsers[0]!)).toEqual([]);
    expect(await env.DB.prepare('SELECT skipped, sent >= 1 AS sent FROM push_deliveries WHERE content_id = ?').bind(title).first()).toEqual({ skipped: 0, sent: 1 });
  });

  it('deletes subscriptions the push service says are gone (404, 410) and keeps those that failed otherwise', async () => {
    const { userId, browsers } = await subscriber('en', 'en', 'en');
    const [gone, unknown, broken] = browsers;
    await publish();
    const service = pushService({ [gone!.endpoint]: 410, [unknown!.endpoint]: 404, [broken!.endpoint]: 500 });
    const report = await deliverNotifications(env, { fetch: service.fetch });
    expect(report.removed).toBeGreaterThanOrEqual(2);
    expect(report.failed).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare('SELECT endpoint FROM push_subscriptions WHERE user_id = ?').bind(userId).all<{ endpoint: string }>();
    expect(left.results.map((r) => r.endpoint)).toEqual([broken!.endpoint]);
  });

  it('sends nothing to users who turned notifications off', async () => {
    const off = await subscriber('en');
    const on = await subscriber('en');
    await env.DB.prepare('UPDATE users SET notification_active = 0 WHERE id = ?').bind(off.userId).run();
    await publish();
    const service = pushService();
    await deliverNotifications(env, { fetch: service.fetch });
    expect(await received(service.sent, off.browsers[0]!)).toEqual([]);
    expect((await received(service.sent, on.browsers[0]!)).length).toBe(1);
    expect(await subscriptionCount(off.userId)).toBe(1);
  });

  it('waits for the publication date, and skips titles that were due over a day ago', async () => {
    const { browsers } = await subscriber('en');
    const now = Date.now();
    const later = await publish(now + 3600_000);
    const early = pushService();
    await deliverNotifications(env, { fetch: early.fetch, now: new Date(now) });
    expect(await received(early.sent, browsers[0]!)).toEqual([]);
    const onTime = pushService();
    await deliverNotifications(env, { fetch: onTime.fetch, now: new Date(now + 2 * 3600_000) });
    expect((await received(onTime.sent, browsers[0]!)).map((m) => m.contentId)).toEqual([later]);

    const stale = await publish(now - 3600_000);
    const afterOutage = pushService();
    const report = await deliverNotifications(env, { fetch: afterOutage.fetch, now: new Date(now + 25 * 3600_000) });
    expect(await received(afterOutage.sent, browsers[0]!)).toEqual([]);
    expect(report.skipped).toBeGreaterThanOrEqual(1);
    expect(await env.DB.prepare('SELECT skipped FROM push_deliveries WHERE content_id = ?').bind(stale).first('skipped')).toBe(1);
  });

  it(`sends the newest ${MAX_TITLES_PER_RUN} of a batch published at once`, async () => {
    const { browsers } = await subscriber('en');
    const titles = [];
    for (let i = 0; i < MAX_TITLES_PER_RUN + 1; i++) titles.push(await publish());
    const service = pushService();
    await deliverNotifications(env, { fetch: service.fetch });
    const got = (await received(service.sent, browsers[0]!)).map((m) => m.contentId).sort();
    expect(got).toEqual(titles.slice(1).sort());
  });

  it('is off without VAPID keys in production: nothing sent, nothing claimed', async () => {
    await subscriber('en');
    const title = await publish();
    const service = pushService();
    expect(await deliverNotifications({ ...env, DEV_OUTBOX: 'false' }, { fetch: service.fetch })).toMatchObject({ disabled: true, sent: 0 });
    expect(service.sent).toEqual([]);
    expect(await env.DB.prepare('SELECT pushed_at FROM push_deliveries WHERE content_id = ?').bind(title).first('pushed_at')).toBeNull();
  });
});
