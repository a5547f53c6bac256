import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { GUEST_PROFILE, guestUser } from './user';
import { profileRedirect } from './profile';
import { call, newIp, post, registeredSubscriber, type Jar } from '../test/site';
import { GOOD_PASSWORD } from '../test/accounts';

const profile = (over: Partial<typeof GUEST_PROFILE> = {}) => ({ ...GUEST_PROFILE, id: 1, name: 'Default', ...over });
const user = (profiles: ReturnType<typeof profile>[], current = profiles[0] ?? profile()) => ({ isAnonymous: false, profile: current, profiles });

describe('profileRedirect', () => {
  it('asks who is watching when there are several profiles and no choice yet', () => {
    const two = user([profile(), profile({ id: 2 })]);
    expect(profileRedirect(two, false, '/category/films', '?page=2')).toBe('/whoswatching?redirect=%2Fcategory%2Ffilms%3Fpage%3D2');
    expect(profileRedirect(two, true, '/category/films')).toBeNull();
    expect(profileRedirect(two, false, '/whoswatching')).toBeNull();
    expect(profileRedirect(two, false, '/login')).toBeNull();
  });

  it('asks for a single profile only when it is locked', () => {
    expect(profileRedirect(user([profile()]), false, '/')).toBeNull();
    expect(profileRedirect(user([profile({ locked: true })]), false, '/')).toBe('/whoswatching?redirect=%2F');
  });

  it('sends a kids profile home from account settings, and leaves guests alone', () => {
    const kid = profile({ id: 2, is_kid: true });
    const withKid = user([profile(), kid], kid);
    for (const path of ['/profile', '/profiles', '/profiles/2/edit', '/settings/lock']) expect(profileRedirect(withKid, true, path)).toBe('/');
    expect(profileRedirect(withKid, true, '/category/kids')).toBeNull();
    expect(profileRedirect(guestUser('ar'), false, '/profile')).toBeNull();
  });
});

/** Adds a profile straight in D1 (the profile pages have their own tests). */
async function addProfile(email: string, name: string, kid = false): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO profiles (user_id, name, is_kid, age_restriction, created_at) SELECT id, ?, ?, ?, 'now' FROM users WHERE email = ? RETURNING id`,
  )
    .bind(name, kid ? 1 : 0, kid ? '12-age-restriction' : 'no-age-restriction', email)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

describe('choosing a profile through the site', () => {
  it('sends a user with two profiles to the chooser after login, then remembers the choice', async () => {
    const { email } = await registeredSubscriber();
    const kid = await addProfile(email, 'Kid', true);
    const jar: Jar = new Map();
    const ip = newIp();
    await post('/login', { login: email, password: GOOD_PASSWORD }, jar, ip);
    expect(jar.has('profile')).toBe(false);
    const home = await call('/category/films', {}, jar, ip);
    expect(home.res.status).toBe(302);
    expect(home.res.headers.get('Location')).toBe('/whoswatching?redirect=%2Fcategory%2Ffilms');

    const chosen = await call(`/api/auth/user?profile=${kid}`, {}, jar, ip);
    expect(chosen.res.status).toBe(200);
    expect(jar.get('profile')).toBe(String(kid));
    expect((await call('/category/films', {}, jar, ip)).res.status).toBe(200);
    // A kids profile has no account settings.
    const settings = await call('/profile', {}, jar, ip);
    expect(settings.res.headers.get('Location')).toBe('/');

    // Logging in again is a new session: the chooser comes back.
    await post('/logout', {}, jar, ip);
    await post('/login', { login: email, password: GOOD_PASSWORD }, jar, ip);
    expect(jar.has('token')).toBe(true);
    expect(jar.has('profile')).toBe(false);
  });

  it('drops a cookie naming a locked profile and asks again', async () => {
    const { email } = await registeredSubscriber();
    await addProfile(email, 'Second');
    const main = await env.DB.prepare("UPDATE profiles SET pin_hash = 'x', pin_is_activated = 1 WHERE user_id = (SELECT id FROM users WHERE email = ?) AND name = 'Default' RETURNING id").bind(email).first<{ id: number }>();
    const jar: Jar = new Map();
    const ip = newIp();
    await post('/login', { login: email, password: GOOD_PASSWORD }, jar, ip);
    jar.set('profile', String(main?.id));
    const page = await call('/', {}, jar, ip);
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get('Location')).toBe('/whoswatching?redirect=%2F');
    expect(jar.has('profile')).toBe(false);
  });
});
