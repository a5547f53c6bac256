import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { call, hasTag, html, post, type Jar, quietConsole, flashOf, newIp } from '../../test/site';
import { makeSubscriber } from '../../test/accounts';

/**
 * Route tests of the profile management pages (/profiles, /profiles/new, /profiles/{id}/edit,
 * /profiles/{id}/delete, /settings/restrictions, /settings/lock) through the whole worker, like a
 * browser without JavaScript. Each test registers its own account (storage is shared between files).
 */

const en = translate('en');
const PASSWORD = 'Sesame123';

type Row = { id: number; user_id: string; name: string; picture: string; is_kid: number; age_restriction: string; pin_hash: string | null; pin_is_activated: number; autoplay: number; first_name: string | null; birth: string | null };
const profileRow = (id: number) => env.DB.prepare('SELECT * FROM profiles WHERE id = ?').bind(id).first<Row>();
const profilesOf = async (userId: string) => (await env.DB.prepare('SELECT * FROM profiles WHERE user_id = ? ORDER BY id').bind(userId).all<Row>()).results;

const postJson = (path: string, body: unknown, jar?: Jar) =>
  call(path, { method: 'POST', body: JSON.stringify(body), headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' } }, jar, newIp());

/** A new account, logged in through the API, watching as its main profile (the `profile` cookie). */
async function account() {
  const email = `profiles-${crypto.randomUUID()}@example.com`;
  expect((await postJson('/api/auth/register', { email, password: PASSWORD, profile: { username: 'Amina' } })).res.status).toBe(201);
  const jar: Jar = new Map();
  expect((await postJson('/api/auth/login', { login: email, password: PASSWORD }, jar)).res.status).toBe(200);
  const user = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>();
  if (!user) throw new Error('user not stored');
  await makeSubscriber(user);
  const [main] = await profilesOf(user.id);
  if (!main) throw new Error('no main profile');
  jar.set('profile', String(main.id));
  return { jar, userId: user.id, main };
}

/** Creates a profile with the form; answers its row. */
async function created(jar: Jar, userId: string, form: Record<string, string> = {}) {
  const { res } = await post('/profiles/new', { name: `P${crypto.randomUUID().slice(0, 6)}`, picture: 'avatar-2', autoplay: '1', age_restriction: 'no-age-restriction', ...form }, jar);
  expect(res.status).toBe(303);
  const rows = await profilesOf(userId);
  const row = rows[rows.length - 1];
  if (!row) throw new Error('not created');
  return row;
}


quietConsole();

describe('guests', () => {
  it('are sent to the login page, which brings them back', async () => {
    for (const path of ['/profiles', '/profiles/new', '/profiles/1/edit', '/profiles/1/delete', '/settings/restrictions', '/settings/lock']) {
      const { res } = await call(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(`/login?redirect=${path}`);
      if (path === '/profiles') continue;
      const posted = await post(path, { name: 'x' });
      expect(posted.res.status, path).toBe(303);
      expect(posted.res.headers.get('location'), path).toBe(`/login?redirect=${path}`);
    }
  });
});

describe('/profiles', () => {
  it('shows the profiles as cards: the Default profile by its username, Edit, Add, parental control and lock links', async () => {
    const { jar, main } = await account();
    const { res, html: page } = await call('/profiles?lang=en', {}, jar);
    expect(res.status).toBe(200);
    expect(page).toContain(`<title>${en('TITLE_PROFILES')} | Tafrij</title>`);
    expect(page).toMatch(/<h2 class="profile-summary__name" dir="auto">Amina<\/h2>/);
    expect(page).toContain(`href="/profiles/${main.id}/edit"`);
    expect(page).toContain('src="/avatars/avatar-1.svg"');
    expect(page).toContain(en('ALL_PUBLIC'));
    expect(page).toContain('href="/profiles/new"');
    expect(page).toContain('href="/settings/restrictions"');
    expect(page).toContain('href="/settings/lock"');
    expect(page).toContain(en('PROFILES_COUNT', { count: 1, max: 5 }));
  });

  it('shows the same list in the account page tab', async () => {
    const { jar, userId } = await account();
    await created(jar, userId, { name: 'Yasmine', is_kid: '1', age_restriction: '10-age-restriction' });
    const { res, html: page } = await call('/profile?type=profiles&lang=en', {}, jar);
    expect(res.status).toBe(200);
    expect(page).toMatch(/<a href="\/profile\?type=profiles" aria-current="page">/);
    expect(page).toMatch(/<h3 class="profile-summary__name" dir="auto">Yasmine<\/h3>/);
    expect(page).toContain(`<span class="badge badge--kids">${en('KIDS')}</span>`);
    expect(page).toContain(en('AGE_LIMIT_LABEL', { name: '10+' }));
    expect(page).toContain('href="/settings/restrictions"');
    expect(page).toContain('href="/settings/lock"');
  });

  it('renders right-to-left in Arabic with every text translated', async () => {
    const { jar, userId, main } = await account();
    const kid = await created(jar, userId, { is_kid: '1' });
    for (const path of ['/profiles', '/profiles/new', `/profiles/${main.id}/edit`, `/profiles/${kid.id}/delete`, '/settings/restrictions', '/settings/lock', '/profile?type=profiles']) {
      const { res, html: page } = await call(`${path}${path.includes('?') ? '&' : '?'}lang=ar`, {}, jar);
      expect(res.status, path).toBe(200);
      expect(page, path).toContain('<html lang="ar" dir="rtl" ');
      const body = page.slice(page.indexOf('<main'));
      expect(body.replace(/<[^>]+>/g, ' ').match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/g) ?? [], path).toEqual([]);
    }
  });
});

describe('creating a profile', () => {
  it('creates a kids profile limited to 12 with its picture and says so', async () => {
    const { jar, userId } = await account();
    const { res } = await post('/profiles/new', { name: ' Kid ', picture: 'avatar-5', is_kid: '1', age_restriction: '12-age-restriction', autoplay: '1' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profiles');
    expect(flashOf(jar)).toContain('PROFILE_CREATED');
    const row = (await profilesOf(userId))[1];
    expect(row).toMatchObject({ name: 'Kid', picture: 'avatar-5', is_kid: 1, age_restriction: '12-age-restriction', autoplay: 1 });
    const list = await call('/profiles?lang=en', {}, jar);
    expect(list.html).toContain(en('PROFILE_CREATED'));
    expect(list.html).toContain('src="/avatars/avatar-5.svg"');
  });

  it('keeps the creator watching as the current profile instead of asking who is watching', async () => {
    const { jar, userId, main } = await account();
    jar.delete('profile');
    await created(jar, userId);
    expect(jar.get('profile')).toBe(String(main.id));
    expect((await call('/profiles', {}, jar)).res.status).toBe(200);
  });

  it('saves the optional personal details typed with it', async () => {
    const { jar, userId } = await account();
    const row = await created(jar, userId, { first_name: 'Nour', birth: '2012-05-04' });
    expect(row).toMatchObject({ first_name: 'Nour', birth: '2012-05-04' });
  });

  it('renders the form: name, eight pictures as radios, kids and autoplay switches, age select, folded details', async () => {
    const { jar } = await account();
    const { res, html: page } = await call('/profiles/new?lang=en', {}, jar);
    expect(res.status).toBe(200);
    expect(hasTag(page, 'input', { name: 'name', maxlength: '40' })).toBe(true);
    expect(page.match(/<input class="avatar-picker__input" type="radio" name="picture"/g)).toHaveLength(8);
    expect(hasTag(page, 'input', { name: 'is_kid', role: 'switch', type: 'checkbox' })).toBe(true);
    expect(hasTag(page, 'input', { name: 'autoplay', role: 'switch', checked: '' })).toBe(true);
    for (const value of ['no-age-restriction', '10-age-restriction', '12-age-restriction', '16-age-restriction', '18-age-restriction']) {
      expect(page, value).toContain(`<option value="${value}"`);
    }
    expect(page).toContain('<details class="profile-form__details">');
    expect(page).not.toContain('name="current_password"');
  });

  it('refuses an empty name and a kids profile above 12, keeping what was typed, and creates nothing', async () => {
    const { jar, userId } = await account();
    const empty = await post('/profiles/new?lang=en', { name: '  ', picture: 'avatar-4', age_restriction: 'no-age-restriction', first_name: 'Sara' }, jar);
    expect(empty.res.status).toBe(400);
    expect(empty.html).toContain(en('NAME_REQUIRED'));
    expect(hasTag(empty.html, 'input', { value: 'avatar-4', checked: '' })).toBe(true);
    expect(empty.html).toContain('value="Sara"');
    const above = await post('/profiles/new?lang=en', { name: 'Little', is_kid: '1', age_restriction: '16-age-restriction' }, jar);
    expect(above.res.status).toBe(400);
    expect(above.html).toContain(en('KIDS_AGE_LIMIT'));
    expect(above.html).toContain('value="Little"');
    expect(await profilesOf(userId)).toHaveLength(1);
  });

  it('refuses a sixth profile with PROFILE_LIMIT_REACHED', async () => {
    const { jar, userId } = await account();
    for (let i = 0; i < 4; i++) await created(jar, userId);
    const list = await call('/profiles?lang=en', {}, jar);
    expect(list.html).not.toContain('href="/profiles/new"');
    expect(list.html).toContain(en('PROFILE_LIMIT_REACHED'));
    const sixth = await post('/profiles/new?lang=en', { name: 'Sixth', picture: 'avatar-1', age_restriction: 'no-age-restriction' }, jar);
    expect(sixth.res.status).toBe(409);
    expect(sixth.html).toContain(en('PROFILE_LIMIT_REACHED'));
    expect(sixth.html).toContain('value="Sixth"');
    expect(await profilesOf(userId)).toHaveLength(5);
  });
});

describe('editing a profile', () => {
  it('renames and changes the picture without the password', async () => {
    const { jar, userId } = await account();
    const row = await created(jar, userId, { name: 'Old' });
    const { res } = await post(`/profiles/${row.id}/edit`, { name: 'New name', picture: 'avatar-7', autoplay: '1', age_restriction: row.age_restriction }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profiles');
    expect(flashOf(jar)).toContain('PROFILE_UPDATED');
    expect(await profileRow(row.id)).toMatchObject({ name: 'New name', picture: 'avatar-7', autoplay: 1 });
  });

  it('asks for the account password to change the age restriction or the kids flag', async () => {
    const { jar, userId } = await account();
    const row = await created(jar, userId, { name: 'Teen' });
    const form = { name: 'Teen renamed', picture: 'avatar-2', autoplay: '1', age_restriction: '16-age-restriction' };
    const missing = await post(`/profiles/${row.id}/edit?lang=en`, form, jar);
    expect(missing.res.status).toBe(400);
    expect(missing.html).toContain(en('PASSWORD_FOR_PARENTAL_CONTROL'));
    const wrong = await post(`/profiles/${row.id}/edit?lang=en`, { ...form, current_password: 'Wrong1234' }, jar);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(`data-message-for="current_password" aria-live="polite">${en('WRONG_PASSWORD')}`);
    expect(wrong.html).toContain('value="Teen renamed"');
    expect(wrong.html).not.toContain('Wrong1234');
    expect(await profileRow(row.id)).toMatchObject({ name: 'Teen', age_restriction: 'no-age-restriction', is_kid: 0 });
    const right = await post(`/profiles/${row.id}/edit`, { ...form, is_kid: '1', age_restriction: '12-age-restriction', current_password: PASSWORD }, jar);
    expect(right.res.status).toBe(303);
    expect(await profileRow(row.id)).toMatchObject({ name: 'Teen renamed', age_restriction: '12-age-restriction', is_kid: 1 });
  });

  it('shows the main profile without a delete button and without the kids switch', async () => {
    const { jar, main } = await account();
    const { html: page } = await call(`/profiles/${main.id}/edit?lang=en`, {}, jar);
    expect(page).not.toContain(`/profiles/${main.id}/delete`);
    expect(hasTag(page, 'input', { name: 'is_kid', disabled: '' })).toBe(true);
    expect(page).toContain(en('MAIN_PROFILE_NOT_KIDS'));
    expect(hasTag(page, 'input', { name: 'current_password', type: 'password' })).toBe(true);
  });

  it("answers another account's profile with the 404 page and changes nothing", async () => {
    const other = await account();
    const theirs = await created(other.jar, other.userId, { name: 'Theirs' });
    const { jar } = await account();
    expect((await call(`/profiles/${theirs.id}/edit`, {}, jar)).res.status).toBe(404);
    const edit = await post(`/profiles/${theirs.id}/edit`, { name: 'Mine now', picture: 'avatar-1', age_restriction: 'no-age-restriction' }, jar);
    expect(edit.res.status).toBe(404);
    expect((await call(`/profiles/${theirs.id}/delete`, {}, jar)).res.status).toBe(404);
    expect((await post(`/profiles/${theirs.id}/delete`, { confirmed: '1' }, jar)).res.status).toBe(404);
    expect((await post('/settings/lock', { profile: String(theirs.id), intent: 'set', pin: '1234', current_password: PASSWORD }, jar)).res.status).toBe(404);
    expect((await post('/settings/restrictions', { profile: String(theirs.id), age_restriction: '10-age-restriction', current_password: PASSWORD }, jar)).res.status).toBe(404);
    expect((await call('/profiles/abc/edit', {}, jar)).res.status).toBe(404);
    expect(await profileRow(theirs.id)).toMatchObject({ name: 'Theirs', pin_hash: null, age_restriction: 'no-age-restriction' });
  });
});

describe('deleting a profile', () => {
  it('confirms on its own page, then deletes and says so', async () => {
    const { jar, userId } = await account();
    const row = await created(jar, userId, { name: 'Gone' });
    const bare = await post(`/profiles/${row.id}/delete`, {}, jar);
    expect(bare.res.status).toBe(303);
    expect(bare.res.headers.get('location')).toBe(`/profiles/${row.id}/delete`);
    const confirm = await call(`/profiles/${row.id}/delete?lang=en`, {}, jar);
    expect(confirm.res.status).toBe(200);
    expect(confirm.html).toContain(html(en('DELETE_PROFILE_CONFIRM_TITLE', { name: 'Gone' })));
    expect(confirm.html).not.toContain('name="current_password"');
    const { res } = await post(`/profiles/${row.id}/delete`, { confirmed: '1' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profiles');
    expect(flashOf(jar)).toContain('PROFILE_DELETED');
    expect(await profileRow(row.id)).toBeNull();
  });

  it('refuses the main profile', async () => {
    const { jar, main } = await account();
    const page = await call(`/profiles/${main.id}/delete?lang=en`, {}, jar);
    expect(page.html).toContain(html(en('MAIN_PROFILE')));
    expect(page.html).not.toMatch(/<form[^>]*action="\/profiles\/\d+\/delete"/);
    const { res, html: answer } = await post(`/profiles/${main.id}/delete?lang=en`, { confirmed: '1' }, jar);
    expect(res.status).toBe(409);
    expect(answer).toContain(html(en('MAIN_PROFILE')));
    expect(await profileRow(main.id)).not.toBeNull();
  });

  it('needs the account password for a profile with a PIN', async () => {
    const { jar, userId } = await account();
    const row = await created(jar, userId);
    expect((await post('/settings/lock', { profile: String(row.id), intent: 'set', pin: '4321', current_password: PASSWORD }, jar)).res.status).toBe(303);
    const page = await call(`/profiles/${row.id}/delete?lang=en`, {}, jar);
    expect(hasTag(page.html, 'input', { name: 'current_password', type: 'password' })).toBe(true);
    const empty = await post(`/profiles/${row.id}/delete?lang=en`, { confirmed: '1' }, jar);
    expect(empty.res.status).toBe(400);
    expect(empty.html).toContain(en('ALL_FIELDS_REQUIRED'));
    const wrong = await post(`/profiles/${row.id}/delete?lang=en`, { confirmed: '1', current_password: 'Wrong1234' }, jar);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(en('WRONG_PASSWORD'));
    expect(await profileRow(row.id)).not.toBeNull();
    expect((await post(`/profiles/${row.id}/delete`, { confirmed: '1', current_password: PASSWORD }, jar)).res.status).toBe(303);
    expect(await profileRow(row.id)).toBeNull();
  });
});

describe('/settings/lock', () => {
  it('renders a PIN field per profile: 4 digits, numeric keyboard', async () => {
    const { jar, main } = await account();
    const { res, html: page } = await call('/settings/lock?lang=en', {}, jar);
    expect(res.status).toBe(200);
    expect(page).toContain(`<title>${en('PROFILE_LOCK')} | Tafrij</title>`);
    expect(hasTag(page, 'input', { id: `lock-${main.id}-pin`, name: 'pin', inputmode: 'numeric', pattern: '[0-9]{4}', maxlength: '4' })).toBe(true);
    expect(page).toContain('data-island="account-form"');
    expect(page).not.toContain('value="remove"');
  });

  it('refuses a PIN that is not 4 digits and the wrong password, changing nothing', async () => {
    const { jar, main } = await account();
    const letters = await post('/settings/lock?lang=en', { profile: String(main.id), intent: 'set', pin: '12a', current_password: PASSWORD }, jar);
    expect(letters.res.status).toBe(400);
    expect(letters.html).toContain(`data-message-for="pin" aria-live="polite">${en('PIN_FORMAT')}`);
    expect(letters.html).not.toContain('value="12a"');
    const wrong = await post('/settings/lock?lang=en', { profile: String(main.id), intent: 'set', pin: '1234', current_password: 'Wrong1234' }, jar);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(en('WRONG_PASSWORD'));
    expect(await profileRow(main.id)).toMatchObject({ pin_hash: null, pin_is_activated: 0 });
  });

  it('sets, changes and removes a PIN with the password', async () => {
    const { jar, main } = await account();
    const set = await post('/settings/lock', { profile: String(main.id), intent: 'set', pin: '1234', current_password: PASSWORD }, jar);
    expect(set.res.status).toBe(303);
    expect(set.res.headers.get('location')).toBe(`/settings/lock#lock-${main.id}`);
    expect(flashOf(jar)).toContain('PIN_SAVED');
    const locked = await profileRow(main.id);
    expect(locked?.pin_is_activated).toBe(1);
    expect(locked?.pin_hash).not.toContain('1234');
    const page = await call('/settings/lock?lang=en', {}, jar);
    expect(page.html).toContain(en('CHANGE_PIN'));
    expect(page.html).toContain('value="remove"');
    expect((await call('/profiles?lang=en', {}, jar)).html).toContain('class="lock-badge"');
    const removed = await post('/settings/lock', { profile: String(main.id), intent: 'remove', current_password: PASSWORD }, jar);
    expect(removed.res.status).toBe(303);
    expect(flashOf(jar)).toContain('PIN_REMOVED');
    expect(await profileRow(main.id)).toMatchObject({ pin_hash: null, pin_is_activated: 0 });
  });
});

describe('/settings/restrictions', () => {
  it('shows each profile with its limit; a kids profile is offered 12 and under', async () => {
    const { jar, userId, main } = await account();
    const kid = await created(jar, userId, { is_kid: '1', age_restriction: '10-age-restriction' });
    const { res, html: page } = await call('/settings/restrictions?lang=en', {}, jar);
    expect(res.status).toBe(200);
    expect(page).toContain(`<title>${en('PARENTAL_CONTROL')} | Tafrij</title>`);
    expect(page).toContain(`id="restriction-${main.id}-age"`);
    const kidSelect = page.slice(page.indexOf(`id="restriction-${kid.id}-age"`));
    const options = kidSelect.slice(0, kidSelect.indexOf('</select>'));
    expect(options).toContain('value="12-age-restriction"');
    expect(options).not.toContain('value="16-age-restriction"');
    expect(options).not.toContain('value="no-age-restriction"');
  });

  it('changes the limit with the password only', async () => {
    const { jar, main } = await account();
    const form = { profile: String(main.id), age_restriction: '16-age-restriction' };
    const wrong = await post('/settings/restrictions?lang=en', { ...form, current_password: 'Wrong1234' }, jar);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(en('WRONG_PASSWORD'));
    expect(hasTag(wrong.html, 'option', { value: '16-age-restriction', selected: '' })).toBe(true);
    expect((await profileRow(main.id))?.age_restriction).toBe('no-age-restriction');
    const bad = await post('/settings/restrictions?lang=en', { ...form, age_restriction: '13-age-restriction', current_password: PASSWORD }, jar);
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain(en('INVALID_AGE_RESTRICTION'));
    const ok = await post('/settings/restrictions', { ...form, current_password: PASSWORD }, jar);
    expect(ok.res.status).toBe(303);
    expect(flashOf(jar)).toContain('PROFILE_UPDATED');
    expect((await profileRow(main.id))?.age_restriction).toBe('16-age-restriction');
  });
});

describe('a kids session', () => {
  it('is sent home from the management pages and cannot post their forms', async () => {
    const { jar, userId } = await account();
    const kid = await created(jar, userId, { is_kid: '1' });
    jar.set('profile', String(kid.id));
    const page = await call('/profiles', {}, jar);
    expect(page.res.status).toBe(302);
    expect(page.res.headers.get('location')).toBe('/');
    const { res } = await post('/profiles/new', { name: 'Sneaky', picture: 'avatar-1', age_restriction: 'no-age-restriction' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(await profilesOf(userId)).toHaveLength(2);
  });
});

describe('caption style on the profile form', () => {
  it('shows the size and background selects when editing, saves a choice, refuses an unknown one', async () => {
    const { jar, userId } = await account();
    const row = await created(jar, userId, { name: 'Captions' });
    const { html: page } = await call(`/profiles/${row.id}/edit?lang=en`, {}, jar);
    expect(hasTag(page, 'select', { name: 'caption_size' })).toBe(true);
    expect(hasTag(page, 'option', { value: 'medium', selected: '' })).toBe(true);
    expect(hasTag(page, 'option', { value: 'shadow', selected: '' })).toBe(true);
    expect(page).toContain(en('CAPTION_BACKGROUND_BOX'));

    const form = { name: 'Captions', picture: 'avatar-2', autoplay: '1', age_restriction: row.age_restriction };
    const saved = await post(`/profiles/${row.id}/edit`, { ...form, caption_size: 'small', caption_background: 'box' }, jar);
    expect(saved.res.status).toBe(303);
    expect(await env.DB.prepare('SELECT caption_size, caption_background FROM profiles WHERE id = ?').bind(row.id).first()).toEqual({ caption_size: 'small', caption_background: 'box' });

    const bad = await post(`/profiles/${row.id}/edit?lang=en`, { ...form, caption_size: 'huge' }, jar);
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain(en('INVALID_CAPTION_SIZE'));
    expect((await env.DB.prepare('SELECT caption_size FROM profiles WHERE id = ?').bind(row.id).first())?.caption_size).toBe('small');
  });
});

describe('the profile form’s data usage (issue 34)', () => {
  it('offers the three choices with their gigabytes per hour, saves one, refuses an unknown one with 400 and no write', async () => {
    const { jar, userId } = await account();
    const row = await created(jar, userId, { name: 'Data' });
    const { html: page } = await call(`/profiles/${row.id}/edit?lang=en`, {}, jar);
    expect(page).toContain('name="data_usage"');
    expect(page).toContain(`${en('DATA_USAGE_SAVER')} · ${en('DATA_USAGE_GB_PER_HOUR', { gb: '0.3' })}`);
    const form = { name: 'Data', picture: 'avatar-2', autoplay: '1', age_restriction: row.age_restriction };
    const saved = await post(`/profiles/${row.id}/edit`, { ...form, data_usage: 'saver' }, jar);
    expect(saved.res.status).toBe(303);
    expect(await profileRow(row.id)).toMatchObject({ data_usage: 'saver' });
    const bad = await post(`/profiles/${row.id}/edit?lang=en`, { ...form, name: 'Other', data_usage: 'turbo' }, jar);
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain(en('INVALID_DATA_USAGE'));
    expect(await profileRow(row.id)).toMatchObject({ data_usage: 'saver', name: 'Data' });
  });
});
