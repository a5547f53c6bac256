import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { importXmltv } from '../../api/live-tv/xmltv';
import { deliverReminders } from '../../api/live-tv/reminders';
import { vapidKeys } from '../../push/keys';
import { pushService } from '../../push/testing';
import { dayOf, guideDays } from '../../rules/live-tv';
import { call, en, html, post, quietConsole, registered, type Jar } from '../../test/site';

/**
 * /tv, /tv/{slug}, /epg and the guide's reminders through the whole worker (edge, session, pages,
 * built-in API on D1), as a browser without JavaScript, on a guide made around the real clock.
 */

const id = crypto.randomUUID().slice(0, 8);
const now = Math.floor(Date.now() / 1000);
const hour = Math.floor(now / 3600) * 3600;
const stamp = (at: number) => `${new Date(at * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0000`;
const FREE = `${id}-free-tafrij-page`;
const PAID = `${id}-paid-tafrij-page`;

beforeAll(async () => {
  const programme = (channel: string, from: number, to: number, title: string, extra = '') =>
    `<programme channel="${channel}" start="${stamp(from)}" stop="${stamp(to)}"><title lang="en">${title}</title><title lang="ar">${title} بالعربية</title>${extra}</programme>`;
  await importXmltv(
    env.DB,
    `<tv><channel id="${id}.free.tafrij.page"><display-name>Free ${id}</display-name></channel><channel id="${id}.paid.tafrij.page"><display-name>Paid ${id}</display-name></channel>
      ${programme(`${id}.free.tafrij.page`, hour - 86400, hour - 86400 + 3600, `Yesterday ${id}`)}
      ${programme(`${id}.free.tafrij.page`, hour, hour + 3600, `Now ${id}`, '<desc lang="en">What is on.</desc>')}
      ${programme(`${id}.free.tafrij.page`, hour + 3600, hour + 7200, `Later ${id}`)}
      ${programme(`${id}.paid.tafrij.page`, hour, hour + 7200, `Paid now ${id}`)}
    </tv>`,
    new Date(),
  );
  await env.DB.prepare("UPDATE channels SET demo_prefix = 'demo/a/main' WHERE xmltv_id = ?1").bind(`${id}.free.tafrij.page`).run();
  await env.DB.prepare("UPDATE channels SET demo_prefix = 'demo/b/main', premium = 1 WHERE xmltv_id = ?1").bind(`${id}.paid.tafrij.page`).run();
  await env.DB.prepare("UPDATE programmes SET recording_slug = 'voices-of-the-gnawa' WHERE title ->> 'en' = ?1").bind(`Yesterday ${id}`).run();
});

const programmeId = async (title: string) => (await env.DB.prepare("SELECT id FROM programmes WHERE title ->> 'en' = ?1").bind(title).first<{ id: number }>())?.id ?? 0;

quietConsole();

describe('/tv', () => {
  it('lists the channels with what is on now and next, in the page language', async () => {
    const { res, html: page } = await call('/tv?lang=ar');
    expect(res.status).toBe(200);
    expect(page).toContain('<h1 class="page__title">البث المباشر</h1>');
    expect(page).toContain(`href="/tv/${FREE}"`);
    expect(page).toContain(`Now ${id} بالعربية`);
    expect(page).toContain('data-island="tv-channels"');
  });

  it('plays a channel live in the player, starting at the live edge, with its programmes for the title line', async () => {
    const { res, html: page } = await call(`/tv/${FREE}`);
    expect(res.status).toBe(200);
    expect(page).toContain('data-island="player"');
    expect(page).toMatch(/data-player-src="\/media\/\d+\.[\w-]{43}\/live\/demo\/a\/main\/master\.m3u8"/);
    expect(page).toContain('data-player-start="-1"');
    expect(page).toContain(html(`"live":{"programmes":[`));
    expect(page).toContain(`Now ${id}`);
  });

  it('refuses a premium channel to a guest with the premium message, Subscribe coming back to the channel; an unknown channel is 404', async () => {
    const { res, html: page } = await call(`/tv/${PAID}`);
    expect(res.status).toBe(403);
    expect(page).toContain(html(en('PREMIUM_REQUIRED')));
    // After paying, the person comes back to this channel (not to a /content page that does not exist).
    expect(page).toContain(`href="/subscription?returnTo=${encodeURIComponent(`/tv/${PAID}`)}"`);
    expect(page).not.toContain('returnTo=%2Fcontent');
    expect(page).toContain(`href="/tv">${html(en('TV_ALL_CHANNELS'))}</a>`);
    expect((await call('/tv/no-such-channel')).res.status).toBe(404);
    expect((await call('/tv/Not_A_Slug')).res.status).toBe(404);
  });
});

describe('/epg', () => {
  it('draws the day in the viewer time zone: channels, programmes as links, the day picker and the now line', async () => {
    const { res, html: page } = await call('/epg?lang=en', { headers: { Cookie: 'tz=UTC' } });
    expect(res.status).toBe(200);
    const today = dayOf(now, 'UTC');
    expect(page).toContain(html('All times in Coordinated Universal Time'));
    for (const day of guideDays(today)) expect(page).toContain(`href="/epg?day=${day}"`);
    expect(page).toContain(`href="/epg?day=${today}" aria-current="date"`);
    expect(page).toContain(`Now ${id}`);
    expect(page).toContain('data-island="epg-now"');
    // The programme on now is marked, and its time is in the viewer's zone.
    const time = new Date(hour * 1000).toISOString().slice(11, 16);
    expect(page).toContain(`${time} – `);
    const tokyo = await call('/epg?lang=en', { headers: { Cookie: 'tz=Asia/Tokyo' } });
    expect(tokyo.html).toContain(html('All times in Japan Standard Time'));
  });

  it('names the time zone in the page language, and writes every time range start first, isolated left to right', async () => {
    const { html: page } = await call('/epg?lang=ar', { headers: { Cookie: 'tz=Africa/Casablanca' } });
    expect(page).toContain('<p class="epg__zone">الأوقات حسب توقيت المغرب</p>');
    const paris = await call('/epg?lang=fr', { headers: { Cookie: 'tz=Europe/Paris' } });
    expect(paris.html).toMatch(/<p class="epg__zone">Heures indiquées : heure [^<]*d’Europe centrale<\/p>/);
    // The grid and the details: the same "start – end", between LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL ISOLATE.
    const on = await call(`/epg?lang=ar&programme=${await programmeId(`Now ${id}`)}`, { headers: { Cookie: 'tz=UTC' } });
    const time = (at: number) => new Date(at * 1000).toISOString().slice(11, 16);
    const range = `\u2066${time(hour)} – ${time(hour + 3600)}\u2069`;
    expect(on.html.split(range).length - 1).toBeGreaterThanOrEqual(2);
    expect(on.html).toMatch(new RegExp(`epg-details__when">[^]*?${range}`));
  });

  it('answers 404 for a day outside the guide or not a date', async () => {
    expect((await call('/epg?day=2001-01-01')).res.status).toBe(404);
    expect((await call('/epg?day=tomorrow')).res.status).toBe(404);
  });

  it('shows a programme: on now it offers watch live and start over; an ended one with a recording offers catch-up', async () => {
    const on = await call(`/epg?programme=${await programmeId(`Now ${id}`)}`, { headers: { Cookie: 'tz=UTC' } });
    expect(on.html).toContain('What is on.');
    expect(on.html).toContain(`href="/tv/${FREE}"`);
    expect(on.html).toContain(`href="/tv/${FREE}?start=over"`);
    const yesterday = dayOf(hour - 86400, 'UTC');
    const past = await call(`/epg?day=${yesterday}&programme=${await programmeId(`Yesterday ${id}`)}`, { headers: { Cookie: 'tz=UTC' } });
    expect(past.html).toContain('href="/player/voices-of-the-gnawa"');
    expect(past.html).toContain(html(en('TV_CATCH_UP')));
    // An unknown programme: the guide without details.
    const unknown = await call('/epg?programme=999999999');
    expect(unknown.res.status).toBe(200);
    expect(unknown.html).not.toContain('id="programme"');
  });

  it('"remind me": a guest is sent to log in; a member sets it, sees it, gets it in the bell, and opening it goes to the channel', async () => {
    const later = await programmeId(`Later ${id}`);
    const asGuest = await call(`/epg?programme=${later}`);
    expect(asGuest.html).toContain(html(en('TV_REMINDER_LOGIN')));
    const { jar }: { jar: Jar } = await registered();
    const details = await call(`/epg?programme=${later}`, {}, jar);
    expect(details.html).toContain(`action="/epg/reminders/${later}"`);
    const set = await post(`/epg/reminders/${later}`, { intent: 'set', day: dayOf(now, 'Africa/Casablanca') }, jar);
    expect(set.res.status).toBe(303);
    expect(set.res.headers.get('location')).toContain(`programme=${later}`);
    const after = await call(`/epg?programme=${later}`, {}, jar);
    expect(after.html).toContain(html(en('TV_REMINDER_CANCEL')));
    expect(after.html).toContain(html(en('TV_REMINDER_SET', { minutes: 5 })));

    await deliverReminders(env.DB, vapidKeys(env), new Date((hour + 3600 - 4 * 60) * 1000), pushService().fetch);
    const { html: page } = await call('/search', {}, jar);
    expect(page).toContain(html(`"href":"/tv/reminders/${later}/open"`));
    const open = await call(`/tv/reminders/${later}/open`, {}, jar);
    expect(open.res.status).toBe(303);
    expect(open.res.headers.get('location')).toBe(`/tv/${FREE}`);

    const off = await post(`/epg/reminders/${later}`, { intent: 'unset' }, jar);
    expect(off.res.status).toBe(303);
    expect((await call(`/epg?programme=${later}`, {}, jar)).html).toContain(html(en('TV_REMIND_ME')));
  });
});
