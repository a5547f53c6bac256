import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { clock } from '../../../client/history/progress';
import { ContentPage } from '../../api/pages/schemas';
import { translate } from '../../i18n';
import { callApi, registeredUser } from '../../test/accounts';
import { fetchSite } from '../../test/site';
import { quietConsole } from '../../test/site';
import { shareImage } from '../../rules/share-image';

/**
 * The content page (/content/{slug}) and the YouTube page (/youtube/{slug}) through the whole
 * worker: Play / Resume from the profile's watched times, premium and geoblocking refusals
 * (spec §6), the season picker without JavaScript, link-preview tags for bots.
 */

const en = translate('en');
/** React escapes quotes in text and attributes. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

type Init = RequestInit & { cf?: { country: string } };
async function page(path: string, { cookie, country, agent }: { cookie?: string; country?: string; agent?: string } = {}) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (agent) headers['user-agent'] = agent;
  const init: Init = { headers, ...(country ? { cf: { country } } : {}) };
  const res = await fetchSite(`http://localhost${path}`, init as RequestInit);
  return { res, body: await res.text() };
}

async function contentData(slug: string) {
  const res = await callApi(`/pages/content/${slug}?lang=en`);
  expect(res.status, slug).toBe(200);
  return ContentPage.parse(await res.json()).content;
}

/** A logged-in viewer (cookies as a browser sends them), optionally subscribed, with watched times. */
async function viewer({ subscribed = false }: { subscribed?: boolean } = {}) {
  const user = await registeredUser();
  if (subscribed) await env.DB.prepare("UPDATE users SET subscription_id = 1, subscription_end = '2999-12-31' WHERE id = ?").bind(user.id).run();
  const profile = await env.DB.prepare('SELECT id FROM profiles WHERE user_id = ?').bind(user.id).first<{ id: number }>();
  const profileId = profile?.id ?? 0;
  let minute = 0;
  return {
    cookie: `token=${encodeURIComponent(JSON.stringify(user.tokens))}; profile=${profileId}`,
    /** Saves a watched time; later calls are more recent. */
    async watch(contentId: number, time: number) {
      const at = `2026-01-01T10:${String(minute++).padStart(2, '0')}:00.000Z`;
      await env.DB.prepare("INSERT INTO actions (user_id, profile_id, content_id, type, time, created_at, updated_at) VALUES (?, ?, ?, 'watched', ?, ?, ?)")
        .bind(user.id, profileId, contentId, time, at, at)
        .run();
    },
  };
}

const playLinks = (body: string) => [...body.matchAll(/href="\/player\/([\w-]+)"/g)].map((m) => m[1]);

quietConsole();

describe('the content page of a film', () => {
  it('shows the hero, Play, trailer and share, genres linking to their category, and the details', async () => {
    const film = await contentData('casa-blues');
    expect(film.has_media && film.has_trailer && film.access === 'ok').toBe(true);
    const { res, body } = await page('/content/casa-blues');
    expect(res.status).toBe(200);
    expect(body).toContain(`<h1 class="content__title">${html(film.name_long)}</h1>`);
    expect(playLinks(body)).toEqual(['casa-blues']);
    expect(body).toContain(`>${en('PLAY')}<`);
    expect(body).toContain('data-island="content-trailer"');
    expect(body).toContain('data-island="content-share"');
    expect(body).toContain('&quot;url&quot;:&quot;http://localhost/content/casa-blues&quot;');
    const genre = film.categories.find((c) => c.parents.some((p) => p.slug === 'genres'));
    expect(body).toContain(`href="/category/${genre?.slug}"`);
    expect(body).toContain(html(film.director ?? 'no director'));
    expect(body).toContain('class="row"');
  });

  it("marks Play for the intent to play with the player's modules, unless the profile saves data", async () => {
    const intent = (body: string) => /<a [^>]*content__play-button[^>]*data-play-intent="([\w-]+)" data-play-modules="([^"]*)"/.exec(body);
    const guest = intent((await page('/content/casa-blues')).body);
    expect(guest?.[1]).toBe('casa-blues');
    const modules = guest?.[2]?.split(' ') ?? [];
    expect(modules.some((url) => /^\/assets\/engine-[\w-]+\.js$/.test(url))).toBe(true);
    expect(modules.some((url) => /^\/assets\/hls-[\w-]+\.js$/.test(url))).toBe(true);
    const member = await viewer();
    expect(intent((await page('/content/casa-blues', { cookie: member.cookie })).body)?.[1]).toBe('casa-blues');
    await env.DB.prepare("UPDATE profiles SET data_usage = 'saver' WHERE id = ?").bind(Number(/profile=(\d+)/.exec(member.cookie)?.[1])).run();
    const saving = (await page('/content/casa-blues', { cookie: member.cookie })).body;
    expect(playLinks(saving)).toEqual(['casa-blues']);
    expect(saving).not.toContain('data-play-intent');
  });

  it('shows its tags in the page language, as its name', async () => {
    expect((await page('/content/casa-blues?lang=en')).body).toContain('casablanca, jazz, gnawa, band, nightlife');
    expect((await page('/content/casa-blues?lang=fr')).body).toContain('Casablanca, jazz, gnaoua, groupe de musique, vie nocturne');
    expect((await page('/content/casa-blues?lang=ar')).body).toContain('الدار البيضاء، جاز، كناوة، فرقة موسيقية، حياة الليل');
    expect((await page('/content/casa-blues?lang=es')).body).toContain('Casablanca, jazz, gnawa, banda, vida nocturna');
  });

  it("offers 'Resume 12:34' with the profile's unfinished position, and Play again once finished", async () => {
    const film = await contentData('casa-blues');
    const duration = film.duration ?? 0;
    const time = Math.floor(duration / 3);
    const someone = await viewer();
    await someone.watch(film.id, time);
    const resumed = await page('/content/casa-blues', { cookie: someone.cookie });
    expect(resumed.body).toContain(en('RESUME_AT', { time: clock(time) }));
    expect(resumed.body).toContain(en('PERCENT_WATCHED', { percent: 33 }));
    expect(playLinks(resumed.body)).toEqual(['casa-blues']);

    const done = await viewer();
    await done.watch(film.id, duration);
    const again = await page('/content/casa-blues', { cookie: done.cookie });
    expect(again.body).not.toContain(en('RESUME_AT', { time: '' }).trim());
    expect(again.body).toContain(`>${en('PLAY')}<`);
  });
});

describe('premium titles (spec §6)', () => {
  it('refuse playing to guests and free users with the spec message and Subscribe, but keep the trailer', async () => {
    const premium = await contentData('chergui');
    expect(premium.premium && premium.has_trailer).toBe(true);
    for (const cookie of [undefined, (await viewer()).cookie]) {
      const { res, body } = await page('/content/chergui', { cookie });
      expect(res.status).toBe(200);
      expect(body).toContain('You have to be a premium subscriber to access this content');
      expect(body).toContain(`href="/subscription">${en('SUBSCRIBE')}</a>`);
      expect(playLinks(body)).toEqual([]);
      expect(body).toContain('data-island="content-trailer"');
    }
  });

  it('play for a subscriber', async () => {
    const { body } = await page('/content/chergui', { cookie: (await viewer({ subscribed: true })).cookie });
    expect(body).not.toContain(en('PREMIUM_REQUIRED'));
    expect(playLinks(body)).toEqual(['chergui']);
  });

  it('list the episodes of a premium series without links to the player', async () => {
    const { body } = await page('/content/dar-el-bacha');
    expect(body).toContain(en('PREMIUM_REQUIRED'));
    expect(body).toContain('class="episode"');
    expect(playLinks(body)).toEqual([]);
  });
});

describe('geoblocked titles (spec §6)', () => {
  it('show the geoblocking message and nothing playable outside their countries', async () => {
    const title = await contentData('chefchaouen-in-blue');
    expect(title.allowed_countries).toEqual(['MA']);
    const outside = await page('/content/chefchaouen-in-blue', { country: 'FR' });
    expect(outside.res.status).toBe(200);
    expect(outside.body).toContain(en('GEOBLOCKED'));
    expect(outside.body).toContain(html(en('GEOBLOCKED_CONTENT_TEXT')));
    expect(playLinks(outside.body)).toEqual([]);
    expect(outside.body).not.toContain('data-island="content-trailer"');
    const inside = await page('/content/chefchaouen-in-blue', { country: 'MA' });
    expect(inside.body).not.toContain(html(en('GEOBLOCKED_CONTENT_TEXT')));
    expect(playLinks(inside.body)).toEqual(['chefchaouen-in-blue']);
  });

  it('apply to a series and its episodes', async () => {
    const { body } = await page('/content/rif-road', { country: 'ES' });
    expect(body).toContain(html(en('GEOBLOCKED_CONTENT_TEXT')));
    expect(playLinks(body)).toEqual([]);
  });
});

describe('series', () => {
  it('show the first season, and another one with ?season=N (no JavaScript needed)', async () => {
    const series = await contentData('the-kasbah-hotel');
    const [one, two] = series.seasons;
    expect(one && two).toBeTruthy();
    const first = await page('/content/the-kasbah-hotel');
    expect(first.body).toContain('href="?season=2#episodes"');
    expect(first.body).toMatch(/href="\?season=1#episodes" aria-current="page"/);
    for (const e of one?.episodes ?? []) expect(first.body).toContain(`href="/player/${e.slug}"`);
    for (const e of two?.episodes ?? []) expect(first.body).not.toContain(`href="/player/${e.slug}"`);
    // Play starts the first episode.
    expect(playLinks(first.body)[0]).toBe(one?.episodes[0]?.slug);
    expect(first.body).toContain(en('EPISODE_SHORT', { season: 1, episode: 1 }));

    const second = await page('/content/the-kasbah-hotel?season=2');
    expect(second.body).toMatch(/href="\?season=2#episodes" aria-current="page"/);
    for (const e of two?.episodes ?? []) {
      expect(second.body).toContain(`href="/player/${e.slug}"`);
      expect(second.body).toContain(html(e.name_long));
    }
  });

  it('resume the episode in progress, or go on with the next one, with progress bars on the episodes', async () => {
    const series = await contentData('the-kasbah-hotel');
    const episodes = series.seasons.flatMap((s) => s.episodes);
    const [e1, e2, e3, e4] = episodes;
    if (!e1 || !e2 || !e3 || !e4) throw new Error('the-kasbah-hotel has fewer than 4 episodes');

    const someone = await viewer();
    await someone.watch(e1.id, e1.duration ?? 0);
    await someone.watch(e2.id, Math.floor((e2.duration ?? 0) / 2));
    const { body } = await page('/content/the-kasbah-hotel', { cookie: someone.cookie });
    expect(playLinks(body)[0]).toBe(e2.slug);
    expect(body).toContain(en('RESUME_AT', { time: clock(Math.floor((e2.duration ?? 0) / 2)) }));
    const half = Math.floor((e2.duration ?? 0) / 2);
    expect(body).toContain(en('PERCENT_WATCHED', { percent: Math.round((half / (e2.duration ?? 1)) * 100) }));
    expect(body).toContain(en('WATCHED'));

    // The last episode of season 1 finished: Play goes on with season 2, which the page opens.
    const other = await viewer();
    await other.watch(e3.id, e3.duration ?? 0);
    const next = await page('/content/the-kasbah-hotel', { cookie: other.cookie });
    expect(e4.season_number).toBe(2);
    expect(playLinks(next.body)[0]).toBe(e4.slug);
    expect(next.body).toMatch(/href="\?season=2#episodes" aria-current="page"/);
  });
});

describe('link previews', () => {
  it('give bots the Open Graph and Twitter tags with an absolute JPEG image, the title and the synopsis', async () => {
    const film = await contentData('casa-blues');
    const { res, body } = await page('/content/casa-blues', { agent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' });
    expect(res.status).toBe(200);
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(body)?.[1];
    expect(meta('og:title')).toBe(html(film.name_long));
    expect(meta('og:description')).toBe(html(film.synopsis ?? ''));
    expect(meta('og:type')).toBe('video.movie');
    expect(meta('og:url')).toBe('http://localhost/content/casa-blues?lang=en');
    expect(meta('og:image')).toBe('http://localhost/catalogue/casa-blues-tile.jpg');
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe(meta('og:image'));
    const image = await fetchSite(meta('og:image') ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('name the JPEG twin of title tiles only', () => {
    expect(shareImage('/catalogue/casa-blues-tile.webp')).toBe('/catalogue/casa-blues-tile.jpg');
    expect(shareImage('/catalogue/casa-blues-tile.svg')).toBe('/catalogue/casa-blues-tile.jpg');
    expect(shareImage('/catalogue/blue-gold-s1e1-tile.webp')).toBe('/catalogue/blue-gold-s1e1-tile.webp');
    expect(shareImage('/catalogue/blue-gold-s1e1-tile.svg')).toBe('/catalogue/blue-gold-s1e1-tile.svg');
    expect(shareImage('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(shareImage(null)).toBeNull();
  });
});

describe('the YouTube page', () => {
  it('embeds the YouTube-hosted title, with the frame allowed by the CSP there only', async () => {
    const title = await contentData('halqa');
    expect(title.youtube_id).toBeTruthy();
    const { res, body } = await page('/youtube/halqa');
    expect(res.status).toBe(200);
    expect(body).toContain(`src="https://www.youtube-nocookie.com/embed/${title.youtube_id}?rel=0&amp;hl=en"`);
    expect(body).toContain(`<h1 class="youtube__title">${html(title.name_long)}</h1>`);
    expect(res.headers.get('content-security-policy')).toContain('frame-src https://www.youtube-nocookie.com');
    // Its content page plays it there.
    const content = await page('/content/halqa');
    expect(content.body).toContain('href="/youtube/halqa"');
    expect(content.res.headers.get('content-security-policy')).not.toContain('frame-src');
  });

  it('answers 404 for titles without a YouTube video and unknown slugs', async () => {
    for (const path of ['/youtube/casa-blues', '/youtube/no-such-title']) {
      const { res, body } = await page(path);
      expect(res.status, path).toBe(404);
      expect(body).toContain(en('ERROR_404'));
    }
  });
});
