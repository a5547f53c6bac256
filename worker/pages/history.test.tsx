import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../client/components/format';
import { translate } from '../i18n';
import { mainProfile, registeredUser } from '../test/accounts';
import { fetchSite } from '../test/site';
import { makeTitle } from '../test/catalogue';
import { flashOf, quietConsole, type Jar } from '../test/site';

/**
 * Watch history in the pages (issue 6): the home page's Continue watching row (most recent first,
 * finished titles skipped, hidden with hide_watched) and the account page's Recently viewed list
 * with its hide_watched switch and Erase history, without JavaScript.
 */

const en = translate('en');
const DURATION = 600;

async function get(path: string, jar?: Jar) {
  const headers: Record<string, string> = {};
  if (jar) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetchSite(`http://localhost${path}`, { headers, redirect: 'manual' });
  return { res, body: await res.text() };
}

async function post(path: string, form: Record<string, string>, jar: Jar) {
  const headers = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), Origin: 'http://localhost', 'Content-Type': 'application/x-www-form-urlencoded' };
  const res = await fetchSite(`http://localhost${path}`, { method: 'POST', headers, body: new URLSearchParams(form), redirect: 'manual' });
  for (const cookie of res.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return res;
}

/** A member watching as their main profile, with titles watched in the order given (the last is the most recent). */
async function member(watched: { id: number; time: number }[] = []) {
  const user = await registeredUser();
  const profile = await mainProfile(user);
  const jar: Jar = new Map([
    ['token', encodeURIComponent(JSON.stringify(user.tokens))],
    ['profile', String(profile)],
  ]);
  let minute = 0;
  for (const { id, time } of watched) {
    const at = `2026-01-01T10:${String(minute++).padStart(2, '0')}:00.000Z`;
    await env.DB.prepare("INSERT INTO actions (user_id, profile_id, content_id, type, time, created_at, updated_at) VALUES (?, ?, ?, 'watched', ?, ?, ?)")
      .bind(user.id, profile, id, time, at, at)
      .run();
  }
  return { user, profile, jar };
}

/** The Continue watching section of a home page ('' when there is none). */
function continueRow(body: string): string {
  const start = body.indexOf('aria-labelledby="continue-watching-title"');
  return start < 0 ? '' : body.slice(start, body.indexOf('</section>', start));
}

const links = (html: string, prefix: string) => [...html.matchAll(new RegExp(`href="${prefix}([\\w-]+)"`, 'g'))].map((m) => m[1]);

/** Three titles of 10 minutes: watched a third, half, and whole (finished). */
async function threeTitles() {
  const [third, half, finished] = [await makeTitle({ main: DURATION }), await makeTitle({ main: DURATION }), await makeTitle({ main: DURATION })];
  return { third, half, finished, watched: [{ id: third.id, time: 200 }, { id: finished.id, time: DURATION }, { id: half.id, time: 300 }] };
}

quietConsole();

describe('Continue watching on the home page', () => {
  it('lists the unfinished titles, most recent first, each resuming in the player with its progress', async () => {
    const { third, half, finished, watched } = await threeTitles();
    const { jar } = await member(watched);
    const { res, body } = await get('/', jar);
    expect(res.status).toBe(200);
    const row = continueRow(body);
    expect(row).toContain(en('CONTINUE_WATCHING'));
    expect(links(row, '/player/')).toEqual([half.slug, third.slug]);
    expect(row).not.toContain(finished.slug);
    expect(row).toContain(en('PERCENT_WATCHED', { percent: 50 }));
    expect(row).toContain(en('PERCENT_WATCHED', { percent: 33 }));
    expect(row).toContain(en('TIME_LEFT', { time: formatDuration(en, 300) }));
    // It comes right after the hero, before the navigation rows.
    expect(body.indexOf('continue-watching-title')).toBeLessThan(body.indexOf('class="row__list"'));
  });

  it('is hidden with hide_watched, for guests and without history', async () => {
    const { watched } = await threeTitles();
    const hidden = await member(watched);
    await env.DB.prepare('UPDATE users SET hide_watched = 1 WHERE id = ?').bind(hidden.user.id).run();
    const nothing = await member();
    for (const jar of [hidden.jar, nothing.jar, undefined]) {
      const { res, body } = await get('/', jar);
      expect(res.status).toBe(200);
      expect(body).not.toContain('continue-watching-title');
      expect(body).not.toContain('skeleton__row--continue');
    }
  });

  it('shows only the titles the profile may see (age filter)', async () => {
    const allowed = await makeTitle({ main: DURATION });
    const adult = await makeTitle({ main: DURATION, rating: 18 });
    const { user, profile, jar } = await member([{ id: adult.id, time: 100 }, { id: allowed.id, time: 100 }]);
    await env.DB.prepare("UPDATE profiles SET age_restriction = '12-age-restriction' WHERE id = ? AND user_id = ?").bind(profile, user.id).run();
    const row = continueRow((await get('/', jar)).body);
    expect(links(row, '/player/')).toEqual([allowed.slug]);
  });
});

describe('Recently viewed on the account page', () => {
  it('lists every watched title, most recent first, finished ones marked Watched, with the switch and Erase history', async () => {
    const { third, half, finished, watched } = await threeTitles();
    const { jar } = await member(watched);
    const { res, body } = await get('/profile', jar);
    expect(res.status).toBe(200);
    const start = body.indexOf('id="history"');
    const section = body.slice(start, body.indexOf('</section>', start));
    expect(section).toContain(en('RECENTLY_VIEWED'));
    expect(links(section, '/content/')).toEqual([half.slug, finished.slug, third.slug]);
    expect(section).toContain(`>${en('WATCHED')}<`);
    expect(section).toContain('data-island="settings-hide-watched"');
    expect(section).toContain('data-island="settings-erase-history"');
    expect(section).toContain('name="intent" value="erase-history"');
  });

  it('says so when nothing was watched, without an Erase button', async () => {
    const { jar } = await member();
    const { body } = await get('/profile', jar);
    expect(body).toContain(en('NO_HISTORY'));
    expect(body).not.toContain('data-island="settings-erase-history"');
  });

  it('erases the profile’s history without JavaScript: HISTORY_ERASED, and the home row is gone', async () => {
    const { watched } = await threeTitles();
    const { user, profile, jar } = await member(watched);
    expect(continueRow((await get('/', jar)).body)).not.toBe('');
    const res = await post('/profile', { intent: 'erase-history' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile#history');
    expect(flashOf(jar)).toContain('HISTORY_ERASED');
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM actions WHERE user_id = ? AND profile_id = ? AND type = 'watched'").bind(user.id, profile).first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect(continueRow((await get('/', jar)).body)).toBe('');
    expect((await get('/profile', jar)).body).toContain(en('NO_HISTORY'));
  });

  it('hides and shows the home row with the hide_watched switch (PUT auth/profile)', async () => {
    const { watched } = await threeTitles();
    const { user, jar } = await member(watched);
    const hide = await post('/profile', { intent: 'hide-watched', hidden: 'true' }, jar);
    expect(hide.status).toBe(303);
    expect(hide.headers.get('location')).toBe('/profile#history');
    expect(flashOf(jar)).toContain('PROFILE_UPDATED');
    const row = await env.DB.prepare('SELECT hide_watched FROM users WHERE id = ?').bind(user.id).first<{ hide_watched: number }>();
    expect(row?.hide_watched).toBe(1);
    expect(continueRow((await get('/', jar)).body)).toBe('');
    // The account page still lists the history, with the switch on.
    const account = (await get('/profile', jar)).body;
    expect(account).toContain('&quot;hidden&quot;:true');
    expect(account).toContain(en('RECENTLY_VIEWED'));

    expect((await post('/profile', { intent: 'hide-watched', hidden: 'false' }, jar)).status).toBe(303);
    expect(continueRow((await get('/', jar)).body)).not.toBe('');
    expect((await post('/profile', { intent: 'hide-watched', hidden: 'maybe' }, jar)).status).toBe(400);
  });

  it('sends guests to log in instead of erasing', async () => {
    const res = await post('/profile', { intent: 'erase-history' }, new Map());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?redirect=/profile');
  });
});
