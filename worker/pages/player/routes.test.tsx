import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../rules/api-client';
import { translate } from '../../i18n';
import { callApi, registeredUser } from '../../test/accounts';
import { fetchSite } from '../../test/site';
import { quietConsole } from '../../test/site';
import { languageLabels, refusalOf } from './routes';

/**
 * /player/{slug} through the whole worker: the player island with the stream_url answer, or the
 * refusal page in place (no redirect, spec §8) with the API's status and the spec's text.
 */

const en = translate('en');
const fr = translate('fr');
/** Free titles with demo media (scripts/seed), premium ones, an episode played only in Morocco. */
const FREE_FILM = 'casa-blues';
const FREE_EPISODE = 'hajja-and-sons-s1e1';
const PREMIUM_FILM = 'salt-of-essaouira';
const PREMIUM_WITH_TRAILER = 'chergui';
const MOROCCO_ONLY_EPISODE = 'rif-road-s1e1';
const ADULT_FILM = 'medina-nights';

type Visitor = { cookie: string; id: string; profileId: number; token: string };

async function visitor(): Promise<Visitor> {
  const user = await registeredUser();
  const profile = await env.DB.prepare('SELECT id FROM profiles WHERE user_id = ?').bind(user.id).first<{ id: number }>();
  return { cookie: `token=${encodeURIComponent(JSON.stringify(user.tokens))}; profile=${profile?.id}`, id: user.id, profileId: profile?.id ?? 0, token: user.tokens.token };
}

const page = async (path: string, init: { cookie?: string; country?: string; device?: string } = {}) => {
  const headers: Record<string, string> = {};
  if (init.cookie || init.device) headers.cookie = [init.cookie, init.device ? `deviceId=${init.device}` : ''].filter(Boolean).join('; ');
  const res = await fetchSite(`http://localhost${path}`, { headers, ...(init.country ? { cf: { country: init.country } } : {}) } as RequestInit);
  return { res, html: await res.text() };
};

/** The island's props as the page serialised them. */
function islandProps(html: string): Record<string, unknown> {
  const match = /data-island="player"[^>]*data-props="([^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('no player island');
  const json = match[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return JSON.parse(json) as Record<string, unknown>;
}

quietConsole();

describe('/player/{slug}', () => {
  it('renders the full-screen player for a free title, with the stream and no top bar', async () => {
    const { res, html } = await page(`/player/${FREE_FILM}?lang=en`);
    expect(res.status).toBe(200);
    expect(html).toContain('data-island="player"');
    expect(html).toContain('data-hydrate="load"');
    expect(html).not.toContain('data-top-bar');
    expect(html).toContain(`aria-label="${en('PLAYER_LABEL')}"`);
    const props = islandProps(html);
    const stream = props.stream as { url: string; streamId: string | null; content: { slug: string } };
    expect(stream.url).toMatch(/^\/media\/\d+\.[\w-]+\/.+\/master\.m3u8$/);
    expect(stream.content.slug).toBe(FREE_FILM);
    expect(stream.streamId).toEqual(expect.any(String));
    expect(props).toMatchObject({ slug: FREE_FILM, trailer: false, loggedIn: false, profileId: null, backHref: `/content/${FREE_FILM}`, langQuery: '?lang=en' });
    // The master playlist and hls.js start loading before React does.
    expect(html).toContain(`href="${stream.url}"`);
  });

  it('gives an episode its series, the next episode and the profile', async () => {
    const user = await visitor();
    const { res, html } = await page(`/player/${FREE_EPISODE}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    const props = islandProps(html);
    expect(props).toMatchObject({ loggedIn: true, profileId: user.profileId, backHref: '/content/hajja-and-sons' });
    expect(props.stream).toMatchObject({ content: { parent: { slug: 'hajja-and-sons' } }, next: { slug: 'hajja-and-sons-s1e2' } });
  });

  it('plays the trailer of a premium title with ?trailer=1, without a stream slot', async () => {
    const { res, html } = await page(`/player/${PREMIUM_WITH_TRAILER}?trailer=1`);
    expect(res.status).toBe(200);
    expect(islandProps(html)).toMatchObject({ trailer: true, stream: { streamId: null, next: null } });
  });

  it('refuses a premium title to a free user: 403, the spec text and Subscribe', async () => {
    const user = await visitor();
    const { res, html } = await page(`/player/${PREMIUM_FILM}?lang=en`, { cookie: user.cookie });
    expect(res.status).toBe(403);
    expect(html).toContain(en('PREMIUM_REQUIRED'));
    expect(en('PREMIUM_REQUIRED')).toBe('You have to be a premium subscriber to access this content');
    expect(html).toContain('href="/subscription"');
    expect(html).not.toContain('data-island="player"');
    expect(html).not.toContain(`href="/login?redirect`);
  });

  it('gives a guest the same premium message, with a way to log in', async () => {
    const { res, html } = await page(`/player/${PREMIUM_FILM}?lang=fr`);
    expect(res.status).toBe(403);
    expect(html).toContain(fr('PREMIUM_REQUIRED').replace(/'/g, '&#x27;'));
    expect(html).toContain('href="/subscription"');
    expect(html).toContain(`href="/login?redirect=/player/${PREMIUM_FILM}%3Flang%3Dfr"`);
  });

  it('plays a premium title for a subscriber', async () => {
    const user = await visitor();
    await env.DB.prepare("UPDATE users SET subscription_id = 1, subscription_end = '2999-12-31' WHERE id = ?").bind(user.id).run();
    const { res, html } = await page(`/player/${PREMIUM_FILM}`, { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(html).toContain('data-island="player"');
  });

  it('answers 451 with the geoblocking message outside the allowed countries', async () => {
    const outside = await page(`/player/${MOROCCO_ONLY_EPISODE}?lang=en`, { country: 'FR' });
    expect(outside.res.status).toBe(451);
    expect(outside.html).toContain(en('GEOBLOCKED'));
    expect(outside.html).toContain(en('GEOBLOCKED_CONTENT_TEXT'));
    expect(outside.html).not.toContain('data-island="player"');
    const inside = await page(`/player/${MOROCCO_ONLY_EPISODE}?lang=en`, { country: 'MA' });
    expect(inside.res.status).toBe(200);
  });

  it('answers 403 content not available above the profile age limit', async () => {
    const user = await visitor();
    await env.DB.prepare("UPDATE profiles SET age_restriction = '12-age-restriction', is_kid = 1 WHERE user_id = ?").bind(user.id).run();
    const { res, html } = await page(`/player/${ADULT_FILM}?lang=en`, { cookie: user.cookie });
    expect(res.status).toBe(403);
    expect(html).toContain(en('CONTENT_NOT_AVAILABLE'));
    expect(html).toContain(en('CONTENT_NOT_AVAILABLE_TEXT'));
  });

  it('refuses a third stream of one account with 409, naming the way out and a Retry', async () => {
    const user = await visitor();
    for (const device of ['device-one', 'device-two']) {
      const started = await page(`/player/${FREE_FILM}`, { cookie: user.cookie, device: `${device}-${user.id}` });
      expect(started.res.status).toBe(200);
    }
    const { res, html } = await page(`/player/${FREE_FILM}?lang=en`, { cookie: user.cookie, device: `device-three-${user.id}` });
    expect(res.status).toBe(409);
    expect(html).toContain(en('MAXIMUM_DEVICES_REACHED'));
    expect(html).toContain(en('MAXIMUM_DEVICES_REACHED_TEXT', { limit: 2 }));
    expect(html).toContain(en('MAXIMUM_DEVICES_REACHED_HINT'));
    expect(html).toContain(`href="/player/${FREE_FILM}?lang=en"`);
    expect(html).toContain(`>${en('RETRY')}<`);
  });

  it('shows the not-found page for an unknown title, in place', async () => {
    const { res, html } = await page('/player/no-such-title?lang=en');
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(html).toContain(en('PAGE_NOT_FOUND'));
  });

  it('says the video is unavailable for a title without media (a series itself)', async () => {
    const { res, html } = await page('/player/hajja-and-sons?lang=en');
    expect(res.status).toBe(404);
    expect(html).toContain(en('VIDEO_UNAVAILABLE_TEXT'));
  });
});

describe("the player's beacons through the edge (/api BFF, CSRF)", () => {
  const beacon = (path: string, cookie: string, body?: string, origin = 'http://localhost') =>
    fetchSite(`http://localhost/api${path}`, {
      method: 'POST',
      headers: { cookie, origin, 'sec-fetch-site': origin === 'http://localhost' ? 'same-origin' : 'cross-site', ...(body ? { 'content-type': 'text/plain;charset=UTF-8' } : {}) },
      body,
    });

  it('saves the watched time sent by sendBeacon (JSON as text/plain) and frees the slot on stop', async () => {
    const user = await visitor();
    const { html } = await page(`/player/${FREE_FILM}`, { cookie: user.cookie, device: `first-${user.id}` });
    const { stream } = islandProps(html) as { stream: { content: { id: number }; streamId: string; duration: number } };
    const saved = await beacon(`/actions/watched/${stream.content.id}`, user.cookie, JSON.stringify({ time: 12, profile: user.profileId }));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ id: stream.content.id, time: 12, saved: true });
    // A second device resumes there (and holds the account's second slot).
    const second = await page(`/player/${FREE_FILM}`, { cookie: user.cookie, device: `second-${user.id}` });
    expect((islandProps(second.html).stream as { resumeAt: number }).resumeAt).toBe(12);
    expect((await page(`/player/${FREE_FILM}`, { cookie: user.cookie, device: `third-${user.id}` })).res.status).toBe(409);
    // The first tab closes: its stop beacon frees the slot for the third device.
    expect((await beacon(`/streams/${stream.streamId}/stop`, user.cookie)).status).toBe(200);
    expect((await page(`/player/${FREE_FILM}`, { cookie: user.cookie, device: `third-${user.id}` })).res.status).toBe(200);
    // The stopped stream cannot come back while both slots are taken.
    const heartbeat = await callApi(`/streams/${stream.streamId}/heartbeat`, { method: 'POST', token: user.token });
    expect(heartbeat.status).toBe(409);
  });

  it('refuses the same beacon from another site', async () => {
    const user = await visitor();
    const res = await beacon('/actions/watched/1', user.cookie, JSON.stringify({ time: 5 }), 'https://evil.example');
    expect(res.status).toBe(403);
  });
});

describe('helpers', () => {
  it('maps API refusals to pages', () => {
    expect(refusalOf(new ApiError(403, 'PREMIUM_REQUIRED: x'), true)).toEqual({ kind: 'premium', guest: true });
    expect(refusalOf(new ApiError(451, 'GEOBLOCKED: x'), false)).toEqual({ kind: 'geoblocked' });
    expect(refusalOf(new ApiError(403, 'CONTENT_NOT_AVAILABLE: x'), false)).toEqual({ kind: 'not-available' });
    expect(refusalOf(new ApiError(409, 'MAXIMUM_DEVICES_REACHED: x', { limit: 3 }), false)).toEqual({ kind: 'devices', limit: 3 });
    expect(refusalOf(new ApiError(404, 'MEDIA_NOT_FOUND: x'), false)).toEqual({ kind: 'no-media' });
    expect(refusalOf(new ApiError(404, 'CONTENT_NOT_FOUND: x'), false)).toBe('not-found');
    expect(refusalOf(new ApiError(502, 'BAD_GATEWAY: x'), false)).toBeNull();
    expect(refusalOf(new Error('boom'), false)).toBeNull();
  });

  it('names subtitle languages in the page language', () => {
    expect(languageLabels('en', ['fr', 'ar'])).toEqual({ fr: 'French', ar: 'Arabic' });
    expect(languageLabels('fr', ['fr'])).toEqual({ fr: 'Français' });
  });
});
