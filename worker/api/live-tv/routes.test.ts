import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { DVR_WINDOW_SECONDS, REMINDER_LEAD_MINUTES } from '../../rules/live-tv';
import { decryptPush, newSubscriber, pushService } from '../../push/testing';
import type { PushMessage } from '../../push/deliver';
import { callApi, messageOf, registeredSubscriber, registeredUser } from '../../test/accounts';
import { vapidKeys } from '../../push/keys';
import { deliverReminders } from './reminders';
import type { Guide, ProgrammeDetails, ReminderAnswer, SentReminder } from './schemas';
import { importXmltv } from './xmltv';

/** The test's clock: 20:10 UTC on a day of the guide below. */
const T0 = Date.UTC(2026, 10, 25, 20, 10) / 1000;
const at = (seconds: number) => ({ 'x-test-now': new Date(seconds * 1000).toISOString() });
const id = crypto.randomUUID().slice(0, 8);
const slug = (name: string) => `${id}-${name}-tafrij-test`;

/** Channel one (free), two (premium), three (16 and over), four (France only); a film at 22:00 rated 16. */
const GUIDE = `<tv>
  <channel id="${id}.one.tafrij.test"><display-name lang="en">One</display-name><display-name lang="ar">واحد</display-name></channel>
  <channel id="${id}.two.tafrij.test"><display-name>Two</display-name></channel>
  <channel id="${id}.three.tafrij.test"><display-name>Three</display-name></channel>
  <channel id="${id}.four.tafrij.test"><display-name>Four</display-name></channel>
  <programme channel="${id}.one.tafrij.test" start="20261125190000 +0000" stop="20261125200000 +0000"><title lang="en">Early</title><title lang="ar">مبكر</title></programme>
  <programme channel="${id}.one.tafrij.test" start="20261125200000 +0000" stop="20261125210000 +0000"><title lang="en">News</title><title lang="ar">أخبار</title></programme>
  <programme channel="${id}.one.tafrij.test" start="20261125210000 +0000" stop="20261125220000 +0000"><title lang="en">Show</title></programme>
  <programme channel="${id}.one.tafrij.test" start="20261125220000 +0000" stop="20261126000000 +0000"><title lang="en">Late film</title><rating><value>16</value></rating></programme>
  <programme channel="${id}.two.tafrij.test" start="20261125200000 +0000" stop="20261125220000 +0000"><title lang="en">Premium film</title></programme>
  <programme channel="${id}.three.tafrij.test" start="20261125200000 +0000" stop="20261125220000 +0000"><title lang="en">Adults</title></programme>
  <programme channel="${id}.four.tafrij.test" start="20261125200000 +0000" stop="20261125220000 +0000"><title lang="en">French</title></programme>
</tv>`;

beforeAll(async () => {
  await importXmltv(env.DB, GUIDE, new Date());
  const set = (name: string, sql: string) => env.DB.prepare(`UPDATE channels SET ${sql} WHERE xmltv_id = ?1`).bind(`${id}.${name}.tafrij.test`).run();
  await set('one', "demo_prefix = 'demo/a/main'");
  await env.MEDIA.put('demo/a/main/master.m3u8', '#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",DEFAULT=YES,URI="audio/0/index.m3u8"\n#EXT-X-STREAM-INF:BANDWIDTH=2,AUDIO="audio"\n480p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=1,AUDIO="audio"\n240p/index.m3u8\n');
  await set('two', "demo_prefix = 'demo/b/main', premium = 1");
  await set('three', "demo_prefix = 'demo/c/main', age_rating = 16");
  await set('four', `demo_prefix = 'demo/c/main', allowed_countries = '["FR"]'`);
});

const ours = (guide: Guide) => guide.channels.filter((c) => c.slug.startsWith(id));
const programme = async (title: string) =>
  (await env.DB.prepare("SELECT p.id, p.starts_at FROM programmes p JOIN channels c ON c.id = p.channel_id WHERE c.xmltv_id LIKE ?1 AND p.title ->> 'en' = ?2").bind(`${id}.%`, title).first<{ id: number; starts_at: number }>())!;

/** A kids profile (12 and under) of a new subscriber (profiles come with a subscription). */
async function kid() {
  const user = await registeredSubscriber();
  const res = await callApi('/auth/profiles', { method: 'POST', token: user.tokens.token, body: { name: 'Kid', is_kid: true, picture: 'avatar-3' } });
  const body = await res.text();
  expect(res.status, body).toBe(201);
  const { id: profileId } = JSON.parse(body) as { id: number };
  return { token: user.tokens.token, profileId };
}

describe('GET /pages/tv and /pages/epg', () => {
  it('lists the channels by number with their programmes around now, in the asked language', async () => {
    const res = await callApi('/pages/tv?lang=ar', { headers: at(T0) });
    expect(res.status).toBe(200);
    const guide = (await res.json()) as Guide;
    expect(guide.now).toBe(T0);
    const [one, two] = ours(guide);
    expect(one).toMatchObject({ slug: slug('one'), name: 'واحد', premium: false });
    expect(two).toMatchObject({ slug: slug('two'), name: 'Two', premium: true });
    expect(one?.programmes.map((p) => p.title)).toEqual(['مبكر', 'أخبار', 'Show', 'Late film']);
  });

  it('hides from a kids profile the channels and programmes above its age', async () => {
    const child = await kid();
    const res = await callApi(`/pages/tv?profileId=${child.profileId}`, { token: child.token, headers: at(T0) });
    expect(res.status, await res.clone().text()).toBe(200);
    const guide = (await res.json()) as Guide;
    const channels = ours(guide);
    expect(channels.map((c) => c.slug)).not.toContain(slug('three'));
    expect(channels.find((c) => c.slug === slug('one'))?.programmes.map((p) => p.title)).toEqual(['Early', 'News', 'Show']);
  });

  it('answers a window of the guide, and refuses a bad one with a clear 400', async () => {
    const from = Date.UTC(2026, 10, 25, 21) / 1000;
    const good = await callApi(`/pages/epg?from=${from}&to=${from + 3600}`, { headers: at(T0) });
    expect(good.status).toBe(200);
    expect(ours((await good.json()) as Guide).find((c) => c.slug === slug('one'))?.programmes.map((p) => p.title)).toEqual(['Show']);
    expect(await messageOf(await callApi(`/pages/epg?from=${from}&to=${from}`, { headers: at(T0) }))).toMatch(/^BAD_REQUEST: to/);
    expect(await messageOf(await callApi(`/pages/epg?from=${from}&to=${from + 3 * 86400}`, { headers: at(T0) }))).toMatch(/two days/);
    expect(await messageOf(await callApi(`/pages/epg?from=${from - 30 * 86400}&to=${from - 29 * 86400}`, { headers: at(T0) }))).toMatch(/7 days back/);
    expect((await callApi('/pages/epg?from=abc&to=1', { headers: at(T0) })).status).toBe(400);
  });

  it('gives one programme with its channel; 404 for an unknown one or one the profile may not see', async () => {
    const film = await programme('Late film');
    const res = await callApi(`/pages/tv/programmes/${film.id}`);
    expect(res.status).toBe(200);
    const details = (await res.json()) as ProgrammeDetails;
    expect(details).toMatchObject({ programme: { title: 'Late film', age_rating: 16, reminded: false }, channel: { slug: slug('one') } });
    expect(await messageOf(await callApi('/pages/tv/programmes/999999999'))).toMatch(/^PROGRAMME_NOT_FOUND/);
    const child = await kid();
    expect((await callApi(`/pages/tv/programmes/${film.id}?profileId=${child.profileId}`, { token: child.token })).status).toBe(404);
  });
});

describe('GET /pages/tv/{slug}/stream_url', () => {
  it('signs the live stream of a free channel, with a stream slot, its DVR window and its first files', async () => {
    const res = await callApi(`/pages/tv/${slug('one')}/stream_url`, { headers: { 'X-Device-Id': crypto.randomUUID() } });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { url: string; preload: string[]; live: { channel: string; window: number }; streamId: string | null };
    expect(answer.url).toMatch(/^\/media\/\d+\.[\w-]{43}\/live\/demo\/a\/main\/master\.m3u8$/);
    // What the page preloads: the lightest rendition's and the default audio's init segments, signed alike.
    const base = answer.url.slice(0, -'master.m3u8'.length);
    expect(answer.preload).toEqual(['240p/init.mp4', 'audio/0/init.mp4'].map((file) => `${base}${file}`));
    expect(answer.live).toEqual({ channel: slug('one'), window: DVR_WINDOW_SECONDS });
    expect(answer.streamId).not.toBeNull();
  });

  it('refuses as titles are refused: premium, age, country, unknown', async () => {
    expect(await messageOf(await callApi(`/pages/tv/${slug('two')}/stream_url`))).toMatch(/^PREMIUM_REQUIRED/);
    const subscriber = await registeredSubscriber();
    expect((await callApi(`/pages/tv/${slug('two')}/stream_url`, { token: subscriber.tokens.token })).status).toBe(200);
    const child = await kid();
    const refused = await callApi(`/pages/tv/${slug('three')}/stream_url?profileId=${child.profileId}`, { token: child.token });
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toMatch(/^CONTENT_NOT_AVAILABLE/);
    const abroad = await callApi(`/pages/tv/${slug('four')}/stream_url`, { headers: { 'X-Client-Country': 'MA' } });
    expect(abroad.status).toBe(451);
    expect((await callApi(`/pages/tv/${slug('four')}/stream_url`, { headers: { 'X-Client-Country': 'FR' } })).status).toBe(200);
    const unknown = await callApi('/pages/tv/no-such-channel/stream_url');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toMatch(/^CHANNEL_NOT_FOUND/);
    expect((await callApi('/pages/tv/Bad_Slug/stream_url')).status).toBe(400);
  });
});

describe('reminders', () => {
  it('guests are asked to log in; a programme that started cannot be reminded; an unknown one is 404', async () => {
    const show = await programme('Show');
    expect((await callApi(`/actions/reminders/${show.id}`, { method: 'POST', headers: at(T0) })).status).toBe(401);
    const user = await registeredUser();
    const news = await programme('News');
    const started = await callApi(`/actions/reminders/${news.id}`, { method: 'POST', token: user.tokens.token, headers: at(T0) });
    expect(started.status).toBe(409);
    expect(await messageOf(started)).toMatch(/^PROGRAMME_STARTED/);
    expect((await callApi('/actions/reminders/999999999', { method: 'POST', token: user.tokens.token, headers: at(T0) })).status).toBe(404);
    expect((await callApi('/actions/reminders/abc', { method: 'POST', token: user.tokens.token })).status).toBe(400);
  });

  it('reminds once, REMINDER_LEAD_MINUTES before the start: in the bell and by web push in the language it was set in', async () => {
    const user = await registeredUser();
    const token = user.tokens.token;
    const browser = await newSubscriber();
    const endpoint = `https://push.example.com/${crypto.randomUUID()}`;
    await callApi('/pushNotifications/tokenRegister', {
      method: 'POST',
      token,
      body: { device_id: crypto.randomUUID(), device_family: 'web', preferred_language: 'en', subscription: { endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } } },
    });
    const show = await programme('Show');
    const set = await callApi(`/actions/reminders/${show.id}?lang=fr`, { method: 'POST', token, headers: at(T0) });
    expect(set.status).toBe(200);
    expect((await set.json()) as ReminderAnswer).toEqual({ programme_id: show.id, reminded: true, notify_at: show.starts_at - REMINDER_LEAD_MINUTES * 60 });
    // Setting it twice keeps one reminder.
    expect((await callApi(`/actions/reminders/${show.id}?lang=fr`, { method: 'POST', token, headers: at(T0) })).status).toBe(200);
    const from = Date.UTC(2026, 10, 25, 21) / 1000;
    const epg = (await (await callApi(`/pages/epg?from=${from}&to=${from + 3600}`, { token, headers: at(T0) })).json()) as Guide;
    expect(ours(epg).find((c) => c.slug === slug('one'))?.programmes[0]).toMatchObject({ title: 'Show', reminded: true });

    // Not yet six minutes before; then two runs at once four minutes before: one delivery, one push.
    const early = pushService();
    await deliverReminders(env.DB, vapidKeys(env), new Date((show.starts_at - 6 * 60) * 1000), early.fetch);
    expect(early.sent.filter((s) => s.endpoint === endpoint)).toHaveLength(0);
    const service = pushService();
    const when = new Date((show.starts_at - 4 * 60) * 1000);
    await Promise.all([deliverReminders(env.DB, vapidKeys(env), when, service.fetch), deliverReminders(env.DB, vapidKeys(env), when, service.fetch), deliverReminders(env.DB, vapidKeys(env), when, service.fetch)]);
    const mine = service.sent.filter((s) => s.endpoint === endpoint);
    expect(mine).toHaveLength(1);
    const message = JSON.parse(await decryptPush(mine[0]?.body ?? new Uint8Array(), browser)) as PushMessage;
    expect(message).toMatchObject({ title: 'Show', body: `Commence dans 4 minutes sur One`, url: `/tv/${slug('one')}`, lang: 'fr' });
    await deliverReminders(env.DB, vapidKeys(env), new Date((show.starts_at - 60) * 1000), service.fetch);
    expect(service.sent.filter((s) => s.endpoint === endpoint)).toHaveLength(1);

    // The bell lists it, unread until opened.
    const bell = async () => (await (await callApi('/actions/reminders?lang=en', { token, headers: at(show.starts_at) })).json()) as SentReminder[];
    expect(await bell()).toMatchObject([{ programme_id: show.id, title: 'Show', channel_slug: slug('one'), channel_name: 'One', read: false }]);
    expect((await callApi(`/actions/reminders/${show.id}/read`, { method: 'POST', token })).status).toBe(200);
    expect((await bell())[0]?.read).toBe(true);
    expect((await callApi('/actions/reminders', {})).status).toBe(401);
  });

  it('a cancelled reminder is not sent', async () => {
    const user = await registeredUser();
    const film = await programme('Late film');
    await callApi(`/actions/reminders/${film.id}`, { method: 'POST', token: user.tokens.token, headers: at(T0) });
    const off = await callApi(`/actions/reminders/${film.id}`, { method: 'DELETE', token: user.tokens.token });
    expect((await off.json()) as ReminderAnswer).toMatchObject({ reminded: false });
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM programme_reminders WHERE user_id = ?1').bind(user.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});
