import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { call, en, hasTag, html, newIp, post, uniqueNational, userByEmail, userByPhone, type Jar } from '../../test/site';
import { uniqueEmail } from '../../test/accounts';

/** GET rendering of every auth page, and the POST validation paths that must not reach the API. */

describe('auth pages render', () => {
  it('/login: simple bar with its login button (spec §2), labelled fields, the form island, links to register and forgot', async () => {
    const { res, html: page } = await call('/login');
    expect(res.status).toBe(200);
    expect(page).toContain(`<title>${en('TITLE_LOGIN')} | Tafrij</title>`);
    expect(page).toContain('top-bar--simple');
    expect(page).toContain('class="button button--ghost top-bar__login" href="/login?redirect=%2F"');
    expect(page).toMatch(/<form class="auth__form" method="post">/);
    expect(page).toMatch(/<label class="field__label" for="field-login">/);
    expect(hasTag(page, 'input', { id: 'field-password', type: 'password', autocomplete: 'current-password' })).toBe(true);
    expect(page).toContain('data-island="account-form"');
    expect(page).toContain('href="/register"');
    expect(page).toContain('href="/forgot"');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('/register: email/phone switch, +212 by default, terms link, the ?code carried along', async () => {
    const { res, html: page } = await call('/register?code=PROMO7&lang=fr');
    expect(res.status).toBe(200);
    expect(page).toContain('<html lang="fr" dir="ltr" ');
    expect(page).toContain(`<title>${html(translate('fr')('TITLE_REGISTER'))} | Tafrij</title>`);
    expect(page).toContain('top-bar--simple');
    expect(hasTag(page, 'input', { type: 'radio', id: 'method-email', name: 'method', value: 'email', checked: '' })).toBe(true);
    expect(page).toMatch(/<option value="\+212" selected="">/);
    expect(page).toContain('name="phone_national"');
    expect(page).toContain('href="/page/terms-of-use"');
    expect(page).toContain('<input type="hidden" name="code" value="PROMO7"/>');
    expect(hasTag(page, 'input', { name: 'password', autocomplete: 'new-password' })).toBe(true);
  });

  it('/register on the way to a plan: the subscribe steps, this one current; elsewhere none', async () => {
    const { html: page } = await call(`/register?redirect=${encodeURIComponent('/subscription?plan=5')}`);
    expect(page).toContain(`<ol class="steps" aria-label="${html(en('SUBSCRIBE_STEPS'))}">`);
    expect(page).toMatch(new RegExp(`class="steps__item steps__item--current" aria-current="step"><span class="steps__number">1</span> (<!-- -->)?${en('STEP_ACCOUNT')}`));
    // An account already? Logging in keeps the way to the plan.
    expect(page).toContain(`href="/login?redirect=${encodeURIComponent('/subscription?plan=5')}"`);
    expect(page).toContain(en('STEP_PAYMENT'));
    // Without TOKENIZED_REGISTER there is no confirmation code to enter: two steps.
    expect(page).not.toContain(en('STEP_CODE'));
    expect((await call('/register?redirect=%2Fsubscriptions-elsewhere')).html).not.toContain('class="steps"');
    expect((await call('/register')).html).not.toContain('class="steps"');
  });

  it('/forgot and /password/forgot: the same page, email and SMS ways', async () => {
    for (const path of ['/forgot', '/password/forgot']) {
      const { res, html: page } = await call(path);
      expect(res.status).toBe(200);
      expect(page).toContain(`<title>${en('TITLE_FORGOT')} | Tafrij</title>`);
      expect(page).toContain('value="email"');
      expect(page).toContain('value="send_code"');
    }
  });

  it('/changePassword and /password/change: the token goes into a cookie (303), the page keeps the email; a bare link says it is incomplete', async () => {
    for (const path of ['/changePassword', '/password/change']) {
      const jar: Jar = new Map();
      const link = await call(`${path}?email=a%40example.com&reset_token=Reset-Token-7Qz`, {}, jar);
      expect(link.res.status).toBe(303);
      expect(link.res.headers.get('location')).toBe(`${path}?email=a%40example.com`);
      expect(jar.get('resetToken')).toBe('Reset-Token-7Qz');
      const { html: page } = await call(link.res.headers.get('location') ?? '', {}, jar);
      expect(hasTag(page, 'input', { type: 'hidden', name: 'email', value: 'a@example.com' })).toBe(true);
      expect(page).not.toContain('reset_token');
      expect(page).not.toContain('Reset-Token-7Qz');
      for (const bare of [await call(path), await call(`${path}?email=a%40example.com`)]) {
        expect(bare.res.status).toBe(200);
        expect(bare.html).toContain(html(en('RESET_LINK_INVALID')));
        expect(bare.html).not.toContain('name="password"');
      }
    }
  });

  it('/callback is a polite page with a way to log in', async () => {
    const { res, html: page } = await call('/callback');
    expect(res.status).toBe(200);
    expect(page).toContain(html(en('CALLBACK_UNAVAILABLE')));
    expect(page).toContain('href="/login"');
  });

  it('Arabic pages are right-to-left', async () => {
    const { html: page } = await call('/login?lang=ar');
    expect(page).toContain('<html lang="ar" dir="rtl" ');
    expect(page).toContain(translate('ar')('EMAIL_OR_PHONE'));
  });

  it('/error?code=403&reason=USER_SUSPENDED shows ACCOUNT_SUSPENDED and the login button; 429 TOO_MANY_REQUESTS', async () => {
    const suspended = await call('/error?code=403&reason=USER_SUSPENDED');
    expect(suspended.html).toContain(html(en('ACCOUNT_SUSPENDED')));
    expect(suspended.html).toMatch(/<a class="button button--primary button--large" href="\/login">/);
    const busy = await call('/error?code=429');
    expect(busy.html).toContain(html(en('TOO_MANY_REQUESTS')));
  });
});

describe('auth forms refuse bad input without calling the API', () => {
  it('login needs both fields (ALL_FIELDS_REQUIRED), keeps the login, never echoes the password', async () => {
    const { res, html: page } = await post('/login', { login: 'someone@example.com', password: '' });
    expect(res.status).toBe(400);
    expect(page).toContain(html(en('ALL_FIELDS_REQUIRED')));
    expect(page).toContain('value="someone@example.com"');
    expect(page).toContain(`<title>${en('ERROR')}: ${en('TITLE_LOGIN')} | Tafrij</title>`);
    const other = await post('/login', { login: '', password: 'Hidden-Secret-9' });
    expect(other.res.status).toBe(400);
    expect(other.html).not.toContain('Hidden-Secret-9');
  });

  it('register: weak password → PASSWORD_CONDITION, nothing created, password not echoed', async () => {
    const email = uniqueEmail();
    const { res, html: page } = await post('/register', { method: 'email', email, password: 'weakpass', password_confirmation: 'weakpass', terms: '1' });
    expect(res.status).toBe(400);
    expect(page).toContain(html(en('PASSWORD_CONDITION')));
    expect(page).toContain(`value="${email}"`);
    expect(page).not.toContain('weakpass');
    expect(hasTag(page, 'input', { name: 'password', 'aria-invalid': 'true', autofocus: '' })).toBe(true);
    expect(await userByEmail(email)).toBeNull();
  });

  it('register: mismatched confirmation, missing terms, bad email', async () => {
    const email = uniqueEmail();
    const mismatch = await post('/register', { method: 'email', email, password: 'Sesame123', password_confirmation: 'Sesame124', terms: '1' });
    expect(mismatch.res.status).toBe(400);
    expect(mismatch.html).toContain(html(en('PASSWORD_CONFIRMATION_FAILED')));
    const terms = await post('/register', { method: 'email', email, password: 'Sesame123', password_confirmation: 'Sesame123' });
    expect(terms.res.status).toBe(400);
    expect(terms.html).toContain(html(en('TERMS_REQUIRED')));
    // The form is novalidate before any script runs: this message, in the page's language, is what a person sees (never the browser's bubble).
    expect(hasTag((await call('/register')).html, 'form', { class: 'auth__form', novalidate: '' })).toBe(true);
    const bad = await post('/register', { method: 'email', email: 'not-an-email', password: 'Sesame123', password_confirmation: 'Sesame123', terms: '1' });
    expect(bad.html).toContain(html(en('VALID_EMAIL_REQUIRED')));
    expect(await userByEmail(email)).toBeNull();
  });

  it('register by phone: a leading zero → PHONE_WITHOUT_LEADING_ZERO, the phone tab stays chosen', async () => {
    const national = uniqueNational();
    const { res, html: page } = await post('/register', {
      method: 'phone',
      country_code: '+212',
      phone_national: `0${national}`,
      password: 'Sesame123',
      password_confirmation: 'Sesame123',
      terms: '1',
    });
    expect(res.status).toBe(400);
    expect(page).toContain(html(en('PHONE_WITHOUT_LEADING_ZERO')));
    expect(hasTag(page, 'input', { type: 'radio', id: 'method-phone', value: 'phone', checked: '' })).toBe(true);
    expect(await userByPhone(`+212${national}`)).toBeNull();
    expect(await userByPhone(`+2120${national}`)).toBeNull();
  });

  it('forgot: an invalid email → VALID_EMAIL_REQUIRED; an SMS reset with a leading zero is refused', async () => {
    const bad = await post('/forgot', { intent: 'email', email: 'nope' });
    expect(bad.res.status).toBe(400);
    expect(bad.html).toContain(html(en('VALID_EMAIL_REQUIRED')));
    const phone = await post('/forgot', { intent: 'send_code', country_code: '+212', phone_national: '0612345678' });
    expect(phone.res.status).toBe(400);
    expect(phone.html).toContain(html(en('PHONE_WITHOUT_LEADING_ZERO')));
  });

  it('change password: weak or mismatched new password is refused before the API', async () => {
    const weak = await post('/changePassword', { email: 'a@example.com', reset_token: 'abc', password: 'short', password_confirmation: 'short' });
    expect(weak.res.status).toBe(400);
    expect(weak.html).toContain(html(en('PASSWORD_CONDITION')));
    expect(weak.html).not.toContain('value="short"');
    const mismatch = await post('/changePassword', { email: 'a@example.com', reset_token: 'abc', password: 'Sesame123', password_confirmation: 'Sesame12' });
    expect(mismatch.html).toContain(html(en('PASSWORD_CONFIRMATION_FAILED')));
  });

  it('refuses a cross-site form post and a non-form body', async () => {
    const cross = await call('/login', {
      method: 'POST',
      body: new URLSearchParams({ login: 'x@example.com', password: 'y' }),
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(cross.res.status).toBe(403);
    const json = await call('/login', { method: 'POST', body: '{}', headers: { Origin: 'http://localhost', 'Content-Type': 'application/json' } }, undefined, newIp());
    expect(json.res.status).toBe(415);
  });
});
