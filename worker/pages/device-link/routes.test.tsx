import { describe, expect, it } from 'vitest';
import { DEVICE_GRANT_TYPE } from '../../rules/device-link';
import type { CodeAnswer } from '../../api/device-link/schemas';
import { translate } from '../../i18n';
import { call, en, html, post, registered } from '../../test/site';

/** /tv/link through the whole worker, as a browser without JavaScript; the TV's part over /api as a TV app would call it (no cookie, no Origin). */

async function tvAsksForACode(cf?: { country: string; city: string }): Promise<CodeAnswer> {
  const init = { method: 'POST', body: 'client_id=tafrij-tv&device_name=Salon', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, ...(cf ? { cf } : {}) };
  const { res, html: body } = await call('/api/auth/device/code', init);
  expect(res.status, body).toBe(200);
  return JSON.parse(body) as CodeAnswer;
}

const tvPolls = async (code: CodeAnswer) => {
  const { res, html: body } = await call('/api/auth/device/token', {
    method: 'POST',
    body: new URLSearchParams({ grant_type: DEVICE_GRANT_TYPE, device_code: code.device_code, client_id: 'tafrij-tv' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.status, body: JSON.parse(body) as { error?: string; access_token?: string } };
};

// Whole journeys (registration, the TV's requests, the pages): give a loaded machine time.
describe('/tv/link', { timeout: 30_000 }, () => {
  it('sends guests to log in, and back with the code', async () => {
    const { res } = await call('/tv/link?code=bcdf-ghjk&lang=en');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirect=/tv/link%3Fcode%3DBCDF-GHJK');
  });

  it('links the TV that asked for the code: the TV then calls the API with its own token, and appears in the device history', async () => {
    const { jar } = await registered();
    const code = await tvAsksForACode();
    const page = await call(`/tv/link?code=${code.user_code}&lang=en`, {}, jar);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain(`value="${code.user_code}"`);
    expect(page.html).toContain(html(en('TV_LINK_PROFILE')));
    const profile = /name="profile_id"[^>]*value="(\d+)"/.exec(page.html)?.[1] ?? '';
    const done = await post('/tv/link?lang=en', { code: code.user_code.toLowerCase(), profile_id: profile, action: 'approve' }, jar);
    expect(done.res.status, /field__error[^>]*>([^<]*)/.exec(done.html)?.[1] ?? /role="alert"[^>]*>(.{0,200})/.exec(done.html)?.[1]).toBe(200);
    expect(done.html).toContain(html(en('TV_LINK_DONE')));
    const tv = await tvPolls(code);
    expect(tv.status).toBe(200);
    const me = await call('/api/auth/user', { headers: { Authorization: `Bearer ${tv.body.access_token}` } });
    expect(me.res.status).toBe(200);
    const account = await call('/profile?lang=en', {}, jar);
    expect(account.html).toContain('Salon');
    expect(account.html).toContain(html(en('SIGN_OUT_DEVICE')));
  });

  it('asks for the code first, then shows the TV that asked for it (its name and approximate place) before the person approves', async () => {
    const { jar } = await registered();
    const first = await call('/tv/link?lang=fr', {}, jar);
    expect(first.res.status).toBe(200);
    expect(first.html).toMatch(/<form[^>]*action="\/tv\/link" method="get"/);
    expect(first.html).not.toContain('name="profile_id"');
    const code = await tvAsksForACode({ country: 'MA', city: 'Rabat' });
    // Typed as a person types it: lower case, no dash.
    const second = await call(`/tv/link?lang=fr&code=${code.user_code.replace('-', '').toLowerCase()}`, {}, jar);
    expect(second.res.status).toBe(200);
    expect(second.html).toContain(html(translate('fr')('TV_LINK_CHECK')));
    expect(second.html).toContain('Salon');
    expect(second.html).toContain('Rabat, Maroc');
    expect(second.html).toContain(`name="code" value="${code.user_code}"`);
    expect(second.html).toContain('name="profile_id"');
    const arabic = await call(`/tv/link?lang=ar&code=${code.user_code}`, {}, jar);
    expect(arabic.html).toContain('Rabat، المغرب');
    // Looking the TV up is not a wrong try: many look-ups of a right code never lock the account out.
    for (let i = 0; i < 11; i++) expect((await call(`/tv/link?lang=en&code=${code.user_code}`, {}, jar)).res.status).toBe(200);
    const unknown = await call('/tv/link?lang=en&code=ZZZZ-ZZZZ', {}, jar);
    expect(unknown.res.status).toBe(400);
    expect(unknown.html).toContain(html(en('DEVICE_CODE_INVALID')));
    expect(unknown.html).toContain('value="ZZZZ-ZZZZ"');
    expect(unknown.html).not.toContain('name="profile_id"');
  });

  it('signs the TV out from the device history', async () => {
    const { jar } = await registered();
    const code = await tvAsksForACode();
    const page = await call(`/tv/link?lang=en&code=${code.user_code}`, {}, jar);
    const profile = /name="profile_id"[^>]*value="(\d+)"/.exec(page.html)?.[1] ?? '';
    await post('/tv/link?lang=en', { code: code.user_code, profile_id: profile, action: 'approve' }, jar);
    const tv = await tvPolls(code);
    const account = await call('/profile?lang=en', {}, jar);
    const device = /name="device" value="([0-9a-f-]{36})"/.exec(account.html)?.[1] ?? '';
    const out = await post('/profile?lang=en', { intent: 'signout-device', device }, jar);
    expect(out.res.status).toBe(303);
    expect(out.res.headers.get('location')).toBe('/profile#devices');
    const refused = await call('/api/auth/user', { headers: { Authorization: `Bearer ${tv.body.access_token}` } });
    expect(refused.res.status).toBe(401);
    const bad = await post('/profile?lang=en', { intent: 'signout-device', device: 'nope' }, jar);
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain(html(en('DEVICE_NOT_FOUND')));
  });

  it('keeps what was typed and says what is wrong: a malformed code, an unknown one, a used one', async () => {
    const { jar } = await registered();
    const code = await tvAsksForACode();
    const page = await call(`/tv/link?lang=fr&code=${code.user_code}`, {}, jar);
    const profile = /name="profile_id"[^>]*value="(\d+)"/.exec(page.html)?.[1] ?? '';
    const malformed = await post('/tv/link?lang=fr', { code: 'hello', profile_id: profile, action: 'approve' }, jar);
    expect(malformed.res.status).toBe(400);
    expect(malformed.html).toContain('value="hello"');
    expect(malformed.html).toContain(html(translate('fr')('DEVICE_CODE_INVALID')));
    const unknown = await post('/tv/link?lang=en', { code: 'ZZZZ-ZZZZ', profile_id: profile, action: 'approve' }, jar);
    expect(unknown.res.status).toBe(400);
    expect(unknown.html).toContain(html(en('DEVICE_CODE_INVALID')));
    await post('/tv/link?lang=en', { code: code.user_code, profile_id: profile, action: 'approve' }, jar);
    const twice = await post('/tv/link?lang=en', { code: code.user_code, profile_id: profile, action: 'approve' }, jar);
    expect(twice.res.status).toBe(409);
    expect(twice.html).toContain(html(en('DEVICE_CODE_USED')));
  });

  it('refuses the TV when the person says it is not theirs', async () => {
    const { jar } = await registered();
    const code = await tvAsksForACode();
    const denied = await post('/tv/link?lang=en', { code: code.user_code, action: 'deny' }, jar);
    expect(denied.html).toContain(html(en('TV_LINK_DENIED')));
    expect((await tvPolls(code)).body.error).toBe('access_denied');
  });
});
