import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../env';
import { verifyMediaPath } from '../../media/sign';
import { callApi, mainProfile, messageOf, registeredUser } from '../../test/accounts';
import { api } from '../index';
import { ContentPage } from '../pages/schemas';
import { countryAllowed, decideAccess, type PlaybackViewer } from '../entitlements/access';
import { accessFor } from '../entitlements/routes';
import type { Config } from '../configs/schemas';
import { DevicesReached, FirstFrameAnswer, HeartbeatAnswer, StreamAnswer, WatchedAnswer } from './schemas';

import { makeTitle } from '../../test/catalogue';

type Account = Awaited<ReturnType<typeof registeredUser>>;

const subscribe = (account: Account, end = '2999-12-31') =>
  env.DB.prepare('UPDATE users SET subscription_id = 1, subscription_start = ?2, subscription_end = ?3 WHERE id = ?1').bind(account.id, '2026-01-01', end).run();


/** A device id per guest, as the edge sends it. */
const device = () => crypto.randomUUID();

/** A network address per guest, as the edge sends it. */
const address = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

type Caller = { token?: string; country?: string; deviceId?: string; ip?: string };

function streamUrl(slug: string, who: Caller = {}, query = ''): Promise<Response> {
  const headers: Record<string, string> = { 'X-Device-Id': who.deviceId ?? device(), 'X-Client-IP': who.ip ?? address() };
  if (who.country !== undefined) headers['X-Client-Country'] = who.country;
  return callApi(`/pages/content/${slug}/stream_url${query}`, { token: who.token, headers });
}

async function streamOk(slug: string, who: Caller = {}, query = ''): Promise<StreamAnswer> {
  const res = await streamUrl(slug, who, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return StreamAnswer.parse(await res.json());
}

async function contentPage(slug: string, who: Caller = {}) {
  const headers: Record<string, string> = {};
  if (who.country !== undefined) headers['X-Client-Country'] = who.country;
  const res = await callApi(`/pages/content/${slug}`, { token: who.token, headers });
  expect(res.status, await res.clone().text()).toBe(200);
  return ContentPage.parse(await res.json()).content;
}

const stop = (streamId: string | null, who: Caller) =>
  callApi(`/streams/${streamId}/stop`, { method: 'POST', token: who.token, headers: { 'X-Device-Id': who.deviceId ?? '', 'X-Client-IP': who.ip ?? '' } });

const PREMIUM_MESSAGE = 'PREMIUM_REQUIRED: You have to be a premium subscriber to access this content';

describe('premium titles (spec §6)', () => {
  it('refuses a free user and a guest, allows a subscriber until the subscription ends', async () => {
    const title = await makeTitle({ premium: true });
    const account = await registeredUser();
    const free = await streamUrl(title.slug, { token: account.tokens.token });
    expect(free.status).toBe(403);
    expect(await messageOf(free)).toBe(PREMIUM_MESSAGE);
    expect(await messageOf(await streamUrl(title.slug))).toBe(PREMIUM_MESSAGE);
    expect((await contentPage(title.slug, { token: account.tokens.token })).access).toBe('premium');

    await subscribe(account);
    const answer = await streamOk(title.slug, { token: account.tokens.token });
    expect(answer.streamId).not.toBeNull();
    expect((await contentPage(title.slug, { token: account.tokens.token })).access).toBe('ok');

    // A subscription that ended yesterday is not active (worker/rules/subscription.ts).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await subscribe(account, yesterday);
    expect((await streamUrl(title.slug, { token: account.tokens.token })).status).toBe(403);
  });

  it('treats an episode of a premium series as premium', async () => {
    const series = await makeTitle({ type: 'playlist', premium: true, main: null });
    const episode = await makeTitle({ parent: series.id, season: 1, episode: 1 });
    const account = await registeredUser();
    expect(await messageOf(await streamUrl(episode.slug, { token: account.tokens.token }))).toBe(PREMIUM_MESSAGE);
    expect((await contentPage(episode.slug, { token: account.tokens.token })).access).toBe('premium');
  });

  it('plays the trailer of a premium title to anyone, without taking a stream slot', async () => {
    const title = await makeTitle({ premium: true, trailer: true });
    const answer = await streamOk(title.slug, {}, '?trailer=1');
    expect(answer).toMatchObject({ streamId: null, resumeAt: 0, next: null, duration: 30 });
    expect(answer.url).toContain(`/tests/${title.slug}/trailer/master.m3u8`);
    // A title without a trailer: 404 MEDIA_NOT_FOUND.
    const plain = await makeTitle();
    const res = await streamUrl(plain.slug, {}, '?trailer=1');
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe(`MEDIA_NOT_FOUND: ${plain.slug}`);
  });

  it('lets everyone play premium titles on a free platform (config.free_platform)', async () => {
    const rights = { premium: true, allowedCountries: [] };
    expect(decideAccess(rights, { country: 'MA', subscribed: false, freePlatform: true })).toBe('ok');
    expect(decideAccess(rights, { country: 'MA', subscribed: false, freePlatform: false })).toBe('premium');
    expect(decideAccess(rights, { country: 'MA', subscribed: true, freePlatform: false })).toBe('ok');
    // Through the request helper, with the platform's config (not changed globally: shared D1).
    const viewer = (freePlatform: boolean): PlaybackViewer => ({
      user: null,
      profile: null,
      age: null,
      subscribed: false,
      config: async () => ({ free_platform: freePlatform }) as Config,
    });
    const app = new Hono<AppEnv>().get('/:free', async (c) => c.text(await accessFor(c, viewer(c.req.param('free') === 'yes'), rights)));
    expect(await (await app.request('/yes', {}, env)).text()).toBe('ok');
    expect(await (await app.request('/no', {}, env)).text()).toBe('premium');
  });
});

describe('geoblocking (spec §6)', () => {
  it('refuses a country outside the title list with 451 GEOBLOCKED, allows one inside', async () => {
    const title = await makeTitle({ countries: ['MA', 'FR'] });
    const res = await streamUrl(title.slug, { country: 'ES' });
    expect(res.status).toBe(451);
    expect(await messageOf(res)).toMatch(/^GEOBLOCKED/);
    await streamOk(title.slug, { country: 'MA' });
    await streamOk(title.slug, { country: 'fr' });
    // Cloudflare's unknown country is outside every list; no country at all (local dev) is not blocked.
    expect((await streamUrl(title.slug, { country: 'XX' })).status).toBe(451);
    await streamOk(title.slug);
    expect(countryAllowed(['MA'], '')).toBe(true);
    expect(countryAllowed([], 'XX')).toBe(true);

    const page = await contentPage(title.slug, { country: 'ES' });
    expect(page).toMatchObject({ allowed_countries: ['MA', 'FR'], access: 'geoblocked' });
    expect((await contentPage(title.slug, { country: 'MA' })).access).toBe('ok');
  });

  it('applies the series list to its episodes, and geoblocking wins over premium (and trailers)', async () => {
    const series = await makeTitle({ type: 'playlist', premium: true, countries: ['MA'], main: null, trailer: true });
    const episode = await makeTitle({ parent: series.id, season: 1, episode: 1 });
    const account = await registeredUser();
    const res = await streamUrl(episode.slug, { token: account.tokens.token, country: 'BE' });
    expect(res.status).toBe(451);
    expect(await messageOf(await streamUrl(series.slug, { country: 'BE' }, '?trailer=1'))).toMatch(/^GEOBLOCKED/);
    expect((await contentPage(episode.slug, { country: 'BE' })).allowed_countries).toEqual(['MA']);
    expect(await messageOf(await streamUrl(episode.slug, { token: account.tokens.token, country: 'MA' }))).toBe(PREMIUM_MESSAGE);
  });
});

describe('age limit', () => {
  it('refuses a title above a kids profile limit with 403 CONTENT_NOT_AVAILABLE, episodes following their series', async () => {
    const adult = await makeTitle({ rating: 16 });
    const series = await makeTitle({ type: 'playlist', rating: 18, main: null });
    const episode = await makeTitle({ parent: series.id, season: 1, episode: 1 });
    const kidsTitle = await makeTitle({ rating: 10 });
    const account = await registeredUser();
    await env.DB.prepare("UPDATE profiles SET is_kid = 1, age_restriction = '12-age-restriction' WHERE user_id = ?").bind(account.id).run();
    for (const slug of [adult.slug, episode.slug]) {
      const res = await streamUrl(slug, { token: account.tokens.token });
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toBe(`CONTENT_NOT_AVAILABLE: ${slug}`);
    }
    await streamOk(kidsTitle.slug, { token: account.tokens.token });
    // The same titles for an adult profile, and for guests.
    await streamOk(adult.slug);
  });

  it('answers 404 for unknown and unpublished titles, and for a series (no main media)', async () => {
    expect(await messageOf(await streamUrl('no-such-title'))).toBe('CONTENT_NOT_FOUND: no-such-title');
    const later = await makeTitle({ published: '2999-01-01T00:00:00Z' });
    expect((await streamUrl(later.slug)).status).toBe(404);
    const series = await makeTitle({ type: 'playlist', main: null });
    expect(await messageOf(await streamUrl(series.slug))).toBe(`MEDIA_NOT_FOUND: ${series.slug}`);
  });
});

describe('stream limits (MAX_STREAMS = 2)', () => {
  it('allows exactly 2 of 5 parallel starts of one account; the refusal names the way out and the limit', async () => {
    const title = await makeTitle();
    const account = await registeredUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => streamUrl(title.slug, { token: account.tokens.token })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    const refused = DevicesReached.parse(await (answers.find((r) => r.status === 409) as Response).json());
    expect(refused).toEqual({ status: 409, message: 'MAXIMUM_DEVICES_REACHED: stop watching on another device', limit: 2 });
    // Trailers do not count.
    const withTrailer = await makeTitle({ trailer: true });
    await streamOk(withTrailer.slug, { token: account.tokens.token }, '?trailer=1');
  });

  it('heartbeats keep a slot; stop frees it for another device', async () => {
    const title = await makeTitle();
    const account = await registeredUser();
    const who = { token: account.tokens.token };
    const first = await streamOk(title.slug, who);
    await streamOk(title.slug, who);
    expect(first.heartbeatSeconds).toBe(30);
    const beat = await callApi(`/streams/${first.streamId}/heartbeat`, { method: 'POST', token: who.token });
    expect(beat.status).toBe(200);
    expect(HeartbeatAnswer.parse(await beat.json())).toEqual({ alive: true, heartbeatSeconds: 30 });
    expect((await streamUrl(title.slug, who)).status).toBe(409);

    const stopped = await stop(first.streamId, who);
    expect(stopped.status).toBe(200);
    await streamOk(title.slug, who);
    // The stopped stream's heartbeat: its slot is gone and the account is full again.
    const lost = await callApi(`/streams/${first.streamId}/heartbeat`, { method: 'POST', token: who.token });
    expect(lost.status).toBe(409);
    expect(DevicesReached.parse(await lost.json()).limit).toBe(2);
    // Malformed stream ids are refused.
    expect((await callApi('/streams/not-a-uuid/heartbeat', { method: 'POST', token: who.token })).status).toBe(400);
  });

  it('counts guests per device id: one device holds one slot, a new stream replaces its old one', async () => {
    const title = await makeTitle();
    const [a, b] = [device(), device()];
    await streamOk(title.slug, { deviceId: a });
    await streamOk(title.slug, { deviceId: a });
    expect((await streamUrl(title.slug, { deviceId: a })).status).toBe(200);
    await streamOk(title.slug, { deviceId: b });
  });

  it('lets any number of guests behind one address play a free title (carrier-grade NAT; parallel)', async () => {
    const title = await makeTitle();
    const ip = address();
    const guests = Array.from({ length: 10 }, () => ({ deviceId: device(), ip }));
    const answers = await Promise.all(guests.map((guest) => streamUrl(title.slug, guest)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    // Each guest's own device is still bounded by MAX_STREAMS: its heartbeat keeps its one slot.
    const started = StreamAnswer.parse(await answers[0]?.json());
    const beat = await callApi(`/streams/${started.streamId}/heartbeat`, { method: 'POST', headers: { 'X-Device-Id': guests[0]?.deviceId ?? '', 'X-Client-IP': ip } });
    expect(beat.status).toBe(200);
  });
});

describe('stream answer', () => {
  it('signs master, poster, thumbnails and subtitles for the title prefix, valid for 4 hours', async () => {
    const title = await makeTitle({ main: 1234 });
    const answer = await streamOk(title.slug, {}, '?lang=fr');
    const now = Date.now() / 1000;
    expect(answer.expiresAt).toBeGreaterThanOrEqual(now + 4 * 3600 - 1);
    expect(answer.expiresAt).toBeLessThanOrEqual(now + 4 * 3600 + 300);
    const urls = [answer.url, answer.poster, answer.thumbnails, ...answer.subtitles.map((s) => s.url)];
    const files = [];
    for (const url of urls) {
      const verified = await verifyMediaPath(env, url ?? '');
      expect(verified.ok, url ?? 'null').toBe(true);
      if (verified.ok) {
        expect(verified.prefix).toBe(title.prefix);
        files.push(verified.file);
      }
    }
    expect(files).toEqual(['master.m3u8', 'poster.jpg', 'thumbs.vtt', 'subs/fr.vtt', 'subs/ar.vtt']);
    expect(answer.subtitles.map((s) => s.lang)).toEqual(['fr', 'ar']);
    // A forged signature does not verify.
    expect((await verifyMediaPath(env, answer.url.replace(/\.[A-Za-z0-9_-]{43}\//, `.${'A'.repeat(43)}/`))).ok).toBe(false);
    expect(answer).toMatchObject({
      duration: 1234,
      resumeAt: 0,
      autoplay: true,
      next: null,
      content: { id: title.id, slug: title.slug, name_long: `Titre ${title.id}`, type: 'video', parent: null, season_number: null, episode_number: null },
    });
  });

  it('offers the next episode: next in the season, else the first of the next season; none after the last', async () => {
    const series = await makeTitle({ type: 'playlist', main: null });
    const s1e1 = await makeTitle({ parent: series.id, season: 1, episode: 1 });
    const s1e2 = await makeTitle({ parent: series.id, season: 1, episode: 2 });
    await makeTitle({ parent: series.id, season: 1, episode: 3, main: null }); // no media: skipped
    await makeTitle({ parent: series.id, season: 2, episode: 2, published: '2999-01-01T00:00:00Z' }); // not yet published
    const s2e1 = await makeTitle({ parent: series.id, season: 2, episode: 1 });
    const first = await streamOk(s1e1.slug);
    expect(first.next).toEqual({ slug: s1e2.slug, name_long: `Title ${s1e2.id}`, season_number: 1, episode_number: 2 });
    expect(first.content).toMatchObject({ parent: { slug: series.slug, name_long: `Title ${series.id}` }, season_number: 1, episode_number: 1 });
    expect((await streamOk(s1e2.slug)).next?.slug).toBe(s2e1.slug);
    expect((await streamOk(s2e1.slug)).next).toBeNull();
  });

  it("follows the viewing profile's autoplay", async () => {
    const title = await makeTitle();
    const account = await registeredUser();
    expect((await streamOk(title.slug, { token: account.tokens.token })).autoplay).toBe(true);
    await env.DB.prepare('UPDATE profiles SET autoplay = 0 WHERE user_id = ?').bind(account.id).run();
    expect((await streamOk(title.slug, { token: account.tokens.token })).autoplay).toBe(false);
  });

  it('refuses another account\'s profile with 404 PROFILE_NOT_FOUND', async () => {
    const title = await makeTitle();
    const [me, other] = [await registeredUser(), await registeredUser()];
    const res = await streamUrl(title.slug, { token: me.tokens.token }, `?profileId=${await mainProfile(other)}`);
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toMatch(/^PROFILE_NOT_FOUND/);
  });
});

describe('content page playback facts', () => {
  it('answers allowed_countries, youtube_id, has_media, has_trailer and access', async () => {
    const film = await makeTitle({ trailer: true });
    expect(await contentPage(film.slug)).toMatchObject({ allowed_countries: [], youtube_id: null, has_media: true, has_trailer: true, access: 'ok' });
    const youtube = await makeTitle({ main: null, youtubeId: 'aqz-KE-bpKQ' });
    expect(await contentPage(youtube.slug)).toMatchObject({ youtube_id: 'aqz-KE-bpKQ', has_media: false, has_trailer: false });
    const premium = await makeTitle({ premium: true });
    expect((await contentPage(premium.slug)).access).toBe('premium');
  });
});

describe('watched time', () => {
  const watched = (contentId: number, body: unknown, init: { token?: string; method?: string; text?: boolean } = {}) =>
    init.text
      ? Promise.resolve(
          api.request(
            `/actions/watched/${contentId}`,
            { method: init.method ?? 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) }, body: JSON.stringify(body) },
            env,
          ),
        )
      : callApi(`/actions/watched/${contentId}`, { method: init.method ?? 'PUT', token: init.token, body });
  const rows = (contentId: number) =>
    env.DB.prepare("SELECT profile_id, time FROM actions WHERE content_id = ? AND type = 'watched'").bind(contentId).all<{ profile_id: number; time: number }>().then((r) => r.results);

  it('saves the profile time (PUT JSON, POST text/plain for sendBeacon), one row per profile, and resumes there', async () => {
    const title = await makeTitle({ main: 600 });
    const account = await registeredUser();
    const profile = await mainProfile(account);
    const res = await watched(title.id, { time: 120.5 }, { token: account.tokens.token });
    expect(res.status).toBe(200);
    expect(WatchedAnswer.parse(await res.json())).toEqual({ id: title.id, time: 120.5, finished: false, saved: true });
    // A save while playing waits in the account's object (worker/limits/positions.ts): not in D1 yet.
    expect(await rows(title.id)).toEqual([]);
    // The beacon as the page goes away is written at once; the older save waiting cannot replace it.
    await new Promise((done) => setTimeout(done, 2));
    expect((await watched(title.id, { time: 200, profile }, { token: account.tokens.token, text: true })).status).toBe(200);
    expect(await rows(title.id)).toEqual([{ profile_id: profile, time: 200 }]);
    expect((await streamOk(title.slug, { token: account.tokens.token })).resumeAt).toBe(200);
    expect(await rows(title.id)).toEqual([{ profile_id: profile, time: 200 }]);
  });

  it('resumes on another device where the player is now: a stream start writes the positions waiting first', async () => {
    const title = await makeTitle({ main: 600 });
    const account = await registeredUser();
    for (const time of [10, 20, 30]) expect((await watched(title.id, { time }, { token: account.tokens.token })).status).toBe(200);
    expect(await rows(title.id)).toEqual([]);
    expect((await streamOk(title.slug, { token: account.tokens.token, deviceId: device() })).resumeAt).toBe(30);
    expect(await rows(title.id)).toEqual([{ profile_id: await mainProfile(account), time: 30 }]);
  });

  it('marks the title finished at 95% of its duration (time = duration); a finished title starts again from 0', async () => {
    const title = await makeTitle({ main: 600 });
    const account = await registeredUser();
    const below = await watched(title.id, { time: 569 }, { token: account.tokens.token });
    expect(WatchedAnswer.parse(await below.json())).toMatchObject({ time: 569, finished: false });
    const at = await watched(title.id, { time: 570 }, { token: account.tokens.token });
    expect(WatchedAnswer.parse(await at.json())).toEqual({ id: title.id, time: 600, finished: true, saved: true });
    expect((await streamOk(title.slug, { token: account.tokens.token })).resumeAt).toBe(0);
    expect((await rows(title.id))[0]?.time).toBe(600);
  });

  it('refuses another account\'s profile with 404 and writes nothing', async () => {
    const title = await makeTitle();
    const [me, other] = [await registeredUser(), await registeredUser()];
    const res = await watched(title.id, { time: 10, profile: await mainProfile(other) }, { token: me.tokens.token });
    expect(res.status).toBe(404);
    expect(await messageOf(res)).toMatch(/^PROFILE_NOT_FOUND/);
    expect(await rows(title.id)).toEqual([]);
  });

  it('validates the time and the content, and answers guests without saving', async () => {
    const title = await makeTitle();
    const account = await registeredUser();
    for (const body of [{ time: -1 }, { time: 'soon' }, {}, { time: 10, profile: 'x' }]) {
      const res = await watched(title.id, body, { token: account.tokens.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(res)).toMatch(/^BAD_REQUEST/);
    }
    const notJson = await api.request(`/actions/watched/${title.id}`, { method: 'POST', headers: { Authorization: `Bearer ${account.tokens.token}` }, body: 'time=3' }, env);
    expect(notJson.status).toBe(400);
    expect((await watched(9_999_999_999, { time: 1 }, { token: account.tokens.token })).status).toBe(404);
    expect((await watched(title.id, { time: 1 }, { token: account.tokens.token })).status).toBe(200);
    const guest = await watched(title.id, { time: 5 }, { text: true });
    expect(WatchedAnswer.parse(await guest.json())).toEqual({ id: title.id, time: 5, finished: false, saved: false });
    expect((await callApi('/auth/user', { token: account.tokens.token })).status).toBe(200); // writes what waits
    expect(await rows(title.id)).toHaveLength(1);
  });
});

describe('first frame', () => {
  it('names the lightest rendition’s playlist, init and first segment (and the audio track’s when stored) for the page to preload', async () => {
    const title = await makeTitle();
    const media = await env.DB.prepare("SELECT r2_prefix FROM media WHERE content_id = ? AND kind = 'main'").bind(title.id).first<{ r2_prefix: string }>();
    await env.DB.prepare("UPDATE media SET renditions = ? WHERE content_id = ? AND kind = 'main'")
      .bind(JSON.stringify([{ height: 480, bandwidth: 900000 }, { height: 240, bandwidth: 300000 }]), title.id)
      .run();
    const files = (answer: StreamAnswer) => answer.preload.map((p) => p.slice(p.indexOf(`${media?.r2_prefix}/`) + `${media?.r2_prefix}/`.length));
    expect(files(await streamOk(title.slug, { deviceId: device() }))).toEqual(['240p/index.m3u8', '240p/init.mp4', '240p/seg_000.m4s']);
    await env.MEDIA.put(`${media?.r2_prefix}/audio/0/index.m3u8`, '#EXTM3U');
    const withAudio = await streamOk(title.slug, { deviceId: device() });
    expect(files(withAudio)).toContain('audio/0/seg_000.m4s');
    // Every file carries the master's signature.
    const token = withAudio.url.split('/')[2];
    for (const path of withAudio.preload) expect(path.split('/')[2]).toBe(token);
  });

  it('names the files to fetch on the intent to play (master first, no segment), refuses as stream_url and takes no stream slot', async () => {
    const title = await makeTitle();
    const media = await env.DB.prepare("SELECT r2_prefix FROM media WHERE content_id = ? AND kind = 'main'").bind(title.id).first<{ r2_prefix: string }>();
    await env.DB.prepare("UPDATE media SET renditions = ? WHERE content_id = ? AND kind = 'main'")
      .bind(JSON.stringify([{ height: 480, bandwidth: 900000 }, { height: 240, bandwidth: 300000 }]), title.id)
      .run();
    await env.MEDIA.put(`${media?.r2_prefix}/audio/0/index.m3u8`, '#EXTM3U');
    const account = await registeredUser();
    const who = { token: account.tokens.token };
    const firstFrame = (slug: string, token?: string) => callApi(`/pages/content/${slug}/first_frame`, { token, headers: { 'X-Device-Id': device(), 'X-Client-IP': address() } });
    // More intents than the account has slots: each answers, and the streams still start.
    const answers = await Promise.all(Array.from({ length: 3 }, () => firstFrame(title.slug, who.token)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers[0]?.headers.get('cache-control')).toBe('private, no-store');
    const answer = FirstFrameAnswer.parse(await answers[0]?.json());
    const files = answer.files.map((p) => p.slice(p.indexOf(`${media?.r2_prefix}/`) + `${media?.r2_prefix}/`.length));
    expect(files).toEqual(['master.m3u8', '240p/index.m3u8', '240p/init.mp4', 'audio/0/index.m3u8', 'audio/0/init.mp4']);
    expect(answer.dataUsage).toBe('auto');
    // The same signed URLs as the stream's, so the player finds them in the browser's cache.
    const stream = await streamOk(title.slug, who);
    expect(answer.files[0]).toBe(stream.url);
    for (const path of answer.files) expect((await verifyMediaPath(env, path)).ok).toBe(true);
    await streamOk(title.slug, who);
    // A guest: no data usage (Automatic); a premium title and an unknown one: stream_url's refusals.
    expect(FirstFrameAnswer.parse(await (await firstFrame(title.slug)).json()).dataUsage).toBeUndefined();
    const premium = await makeTitle({ premium: true });
    const refused = await firstFrame(premium.slug, who.token);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(PREMIUM_MESSAGE);
    expect((await firstFrame('no-such-title')).status).toBe(404);
    expect((await firstFrame('bad slug!')).status).toBe(400);
  });
});
