import { describe, expect, it } from 'vitest';
import { call, en, hasTag, html, newIp, post, registeredSubscriber, type Jar, quietConsole } from '../../test/site';
import { GOOD_PASSWORD } from '../../test/accounts';

/**
 * /whoswatching without JavaScript (spec §2, §4, §8): the chooser's forms, the PIN page and its
 * errors, the `profile` cookie and the return path, through the whole worker and the built-in API.
 */

const PIN = '4826';
type ProfileJson = { id: number; name: string; is_kid: boolean };

const api = (path: string, method: string, body: unknown, jar: Jar) =>
  call(`/api${path}`, { method, body: JSON.stringify(body), headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' } }, jar);

/**
 * An account with its main profile locked by a PIN and a kids profile, and a fresh session
 * (a new login: the PIN is not entered yet) that has not chosen a profile.
 */
async function lockedAccount() {
  const { email, jar: owner } = await registeredSubscriber();
  const list = await call('/api/auth/profiles', {}, owner);
  const [main] = JSON.parse(list.html) as ProfileJson[];
  if (!main) throw new Error('no main profile');
  const kids = await api('/auth/profiles', 'POST', { name: 'Kids', is_kid: true, age_restriction: '12-age-restriction' }, owner);
  expect(kids.res.status).toBe(201);
  const kid = JSON.parse(kids.html) as ProfileJson;
  const pin = await api(`/auth/profiles/${main.id}/pin`, 'PUT', { password: GOOD_PASSWORD, pin: PIN }, owner);
  expect(pin.res.status).toBe(200);
  const jar: Jar = new Map();
  const login = await post('/login', { login: email, password: GOOD_PASSWORD }, jar, newIp());
  expect(login.res.status).toBe(303);
  return { email, jar, main, kid };
}

quietConsole();

describe('/whoswatching', () => {
  it('sends guests to log in first', async () => {
    const { res } = await call('/whoswatching');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=/whoswatching');
  });

  it('lists the profiles as buttons of a form, a lock on the PIN profile, and keeps a same-site return path', async () => {
    const { jar, main, kid, email } = await lockedAccount();
    // No choice yet in this session: the pages ask who is watching, then come back.
    const home = await call('/favs', {}, jar);
    expect(home.res.status).toBe(302);
    expect(home.res.headers.get('location')).toBe('/whoswatching?redirect=%2Ffavs');

    const page = await call('/whoswatching?redirect=%2Ffavs', {}, jar);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(html(en('TITLE_WHOSWATCHING')));
    expect(hasTag(page.html, 'form', { method: 'post', action: '/whoswatching' })).toBe(true);
    expect(hasTag(page.html, 'input', { type: 'hidden', name: 'redirect', value: '/favs' })).toBe(true);
    expect(hasTag(page.html, 'button', { type: 'submit', name: 'id', value: String(main.id) })).toBe(true);
    expect(hasTag(page.html, 'button', { type: 'submit', name: 'id', value: String(kid.id) })).toBe(true);
    // The main profile is named Default: it shows the username, else the email.
    expect(page.html).toContain(`<span class="chooser__name" dir="auto">${main.name === 'Default' ? email : main.name}</span>`);
    expect(page.html.match(/class="lock-badge"/g)?.length).toBe(1);
    expect(page.html).toContain(html(en('PROFILE_PIN_LOCKED')));
    expect(hasTag(page.html, 'a', { href: '/profiles' })).toBe(true);
    // The chooser's bar offers logout, not the profile menu.
    expect(hasTag(page.html, 'form', { class: 'logout-form', action: '/logout' })).toBe(true);
    expect(page.html).not.toContain('profile-menu__trigger');

    const foreign = await call('/whoswatching?redirect=https%3A%2F%2Fevil.example%2F', {}, jar);
    expect(hasTag(foreign.html, 'input', { name: 'redirect', value: '/' })).toBe(true);
  });

  it('switches to a profile without PIN: cookie, then back where the visitor was going', async () => {
    const { jar, kid } = await lockedAccount();
    const { res } = await post('/whoswatching', { id: String(kid.id), redirect: '/favs' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/favs');
    expect(jar.get('profile')).toBe(String(kid.id));
    expect(res.headers.getSetCookie().find((c) => c.startsWith('profile='))).toMatch(/SameSite=Lax/);

    // A kids profile: the simplified bar (Home, Kids, My List), no Subscribe, its menu without settings.
    const home = await call('/', {}, jar);
    expect(home.res.status).toBe(200);
    expect(hasTag(home.html, 'a', { href: '/category/kids' })).toBe(true);
    expect(home.html).not.toContain('top-bar__subscribe');
    expect(home.html).toContain('&quot;kid&quot;:true');
    expect(home.html).toContain('<span class="account-link__name" dir="auto">Kids</span>');
  });

  it('refuses a redirect to another site', async () => {
    const { jar, kid } = await lockedAccount();
    const { res } = await post('/whoswatching', { id: String(kid.id), redirect: '//evil.example/x' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  it('asks for the PIN of a locked profile, refuses a wrong one, accepts the right one', async () => {
    const { jar, main } = await lockedAccount();
    const ask = await post('/whoswatching', { id: String(main.id), redirect: '/favs' }, jar);
    expect(ask.res.status).toBe(200);
    expect(jar.has('profile')).toBe(false);
    expect(hasTag(ask.html, 'form', { method: 'post', action: '/whoswatching/pin' })).toBe(true);
    expect(hasTag(ask.html, 'input', { type: 'hidden', name: 'id', value: String(main.id) })).toBe(true);
    expect(hasTag(ask.html, 'input', { type: 'hidden', name: 'redirect', value: '/favs' })).toBe(true);
    expect(hasTag(ask.html, 'input', { name: 'pin', inputmode: 'numeric', autocomplete: 'one-time-code' })).toBe(true);

    const short = await post('/whoswatching/pin', { id: String(main.id), pin: '12', redirect: '/favs' }, jar);
    expect(short.res.status).toBe(400);
    expect(short.html).toContain(html(en('PIN_FORMAT')));

    const wrong = await post('/whoswatching/pin', { id: String(main.id), pin: '0000', redirect: '/favs' }, jar);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(html(en('CODE_WAS_INCORRECT')));
    expect(wrong.html).toMatch(/role="alert"/);
    expect(jar.has('profile')).toBe(false);

    const right = await post('/whoswatching/pin', { id: String(main.id), pin: PIN, redirect: '/favs' }, jar);
    expect(right.res.status).toBe(303);
    expect(right.res.headers.get('location')).toBe('/favs');
    expect(jar.get('profile')).toBe(String(main.id));
    // Chosen: the pages open as that profile.
    const home = await call('/', {}, jar);
    expect(home.res.status).toBe(200);
    expect(home.html).toContain('profile-menu__trigger');
  });

  it('answers TOO_MANY_ATTEMPTS with the wait after five wrong PINs', async () => {
    const { jar, main } = await lockedAccount();
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/whoswatching/pin', { id: String(main.id), pin: '0000' }, jar);
      expect(wrong.res.status).toBe(400);
    }
    const blocked = await post('/whoswatching/pin', { id: String(main.id), pin: PIN }, jar);
    expect(blocked.res.status).toBe(429);
    expect(blocked.html).toContain(html(en('TOO_MANY_ATTEMPTS_WAIT', { minutes: 15 })));
    expect(jar.has('profile')).toBe(false);
  });

  it("does not open someone else's profile", async () => {
    const other = await lockedAccount();
    const { jar } = await lockedAccount();
    const chosen = await post('/whoswatching', { id: String(other.kid.id) }, jar);
    expect(chosen.res.status).toBe(404);
    expect(chosen.html).toContain(html(en('PROFILE_NOT_FOUND')));
    const pin = await post('/whoswatching/pin', { id: String(other.main.id), pin: PIN }, jar);
    expect(pin.res.status).toBe(404);
    expect(jar.has('profile')).toBe(false);
    const bad = await post('/whoswatching', { id: 'x' }, jar);
    expect(bad.res.status).toBe(400);
  });
});
