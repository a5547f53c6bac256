import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Bindings } from '../../env';
import { translate } from '../../i18n';
import app from '../../index';
import { DUMMY_TOKEN, TEST_SITE_KEY_BLOCK, TURNSTILE_SCRIPT } from '../../rules/turnstile';
import { uniqueEmail } from '../../test/accounts';
import { call, en, hasTag, html, newIp, post, quietConsole, registered } from '../../test/site';

/** /contact through the whole worker (edge, session, page, built-in API on D1), as a browser without JavaScript. */

const fr = translate('fr');
const ar = translate('ar');

const form = (extra: Record<string, string> = {}) => ({
  subject: 'content',
  topic: '',
  library: '',
  name: 'Youssef Benali',
  email: uniqueEmail(),
  country_code: '+212',
  phone_national: '',
  message: 'Pourriez-vous ajouter les films de Nabil Ayouch ?',
  'cf-turnstile-response': DUMMY_TOKEN,
  ...extra,
});

/** The field's message line as the page renders it. */
const fieldMessage = (page: string, name: string, text: string) => new RegExp(`data-message-for="${name}"[^>]*>${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`).test(page);
const outbox = (to: string) => env.DB.prepare('SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY id').bind(to).all<{ subject: string; body: string }>().then((r) => r.results);

/** A page with other settings (the live Turnstile widget). */
async function callWith(vars: Partial<Bindings>, path: string) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`, { headers: { 'CF-Connecting-IP': newIp() } }), { ...env, ...vars }, ctx);
  const page = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, page };
}

quietConsole();

describe('GET /contact', () => {
  it('renders the form: the eight subjects, the librarian questions, name, email, phone, message and the stand-in human check', async () => {
    const { res, html: page } = await call('/contact');
    expect(res.status).toBe(200);
    expect(page).toContain(`<title>${en('TITLE_CONTACT')}`);
    expect(page).toContain(html(en('DESCRIPTION_CONTACT')));
    const subjects = [...page.matchAll(/<option value="(\w+)">([^<]+)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(subjects.slice(0, 8)).toEqual([
      ['account', 'Account'],
      ['billing', 'Billing and payment'],
      ['technical', 'Technical problem'],
      ['content', 'Content request'],
      ['librarian', 'Librarian: trial, demo or content'],
      ['partnership', 'Partnership and advertising'],
      ['press', 'Press'],
      ['other', 'Other'],
    ]);
    expect(subjects.slice(8).map(([value]) => value)).toEqual(['trial', 'demo', 'content']);
    for (const name of ['library', 'name', 'email', 'phone_national']) expect(hasTag(page, 'input', { name })).toBe(true);
    expect(hasTag(page, 'textarea', { name: 'message', maxlength: '5000' })).toBe(true);
    // Development: a local stand-in posts the test token; Turnstile's script is not loaded.
    expect(hasTag(page, 'input', { type: 'checkbox', name: 'cf-turnstile-response', value: DUMMY_TOKEN })).toBe(true);
    expect(page).toContain(en('HUMAN_CHECK_I_AM_HUMAN'));
    expect(page).not.toContain(TURNSTILE_SCRIPT);
    // The CSP opens Turnstile's script and frame on this page only.
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/challenges\.cloudflare\.com;.*frame-src https:\/\/challenges\.cloudflare\.com/);
    const home = await call('/page/help-center');
    expect(home.res.headers.get('Content-Security-Policy')).not.toContain('challenges.cloudflare.com');
  });

  it('preselects ?subject= (the help centre’s links) and ignores an unknown one', async () => {
    const { html: page } = await call('/contact?subject=librarian');
    expect(page).toMatch(/<option value="librarian" selected="">/);
    const { html: other } = await call('/contact?subject=nonsense');
    expect(other).not.toMatch(/<option value="\w+" selected="">/);
  });

  it('prefills a logged-in user’s email and says the account details go with the message', async () => {
    const { email, jar } = await registered();
    const { html: page } = await call('/contact', {}, jar);
    expect(hasTag(page, 'input', { name: 'email', value: email })).toBe(true);
    expect(page).toContain(html(en('CONTACT_ACCOUNT_NOTE')));
  });

  it('with real keys, renders Turnstile’s widget and loads its script with the page’s nonce', async () => {
    const { page, res } = await callWith({ TURNSTILE_SECRET_KEY: '0x4AAAAAAA-real-secret', TURNSTILE_SITE_KEY: '0x4AAAAAAA-site-key' }, '/contact?lang=ar');
    expect(page).toContain('class="cf-turnstile" data-sitekey="0x4AAAAAAA-site-key" data-action="contact" data-language="ar"');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1];
    expect(page).toContain(`<script src="${TURNSTILE_SCRIPT}" async="" defer="" nonce="${nonce}"></script>`);
    expect(page).not.toContain(DUMMY_TOKEN);
    // The "always blocks" test site key: the stand-in lets nobody through.
    const blocked = await callWith({ TURNSTILE_SITE_KEY: TEST_SITE_KEY_BLOCK }, '/contact');
    expect(hasTag(blocked.page, 'input', { name: 'cf-turnstile-response', disabled: '' })).toBe(true);
    expect(blocked.page).toContain(en('HUMAN_CHECK_BLOCKED'));
  });

  it('renders right to left in Arabic', async () => {
    const { html: page } = await call('/contact?lang=ar');
    expect(page).toMatch(/<html[^>]* dir="rtl"/);
    expect(page).toContain(ar('CONTACT_SUBJECT_LIBRARIAN'));
  });
});

describe('POST /contact', () => {
  it('sends: 303 to the confirmation with the ticket number, both emails in the outbox', async () => {
    const values = form({ subject: 'librarian', topic: 'demo', library: 'Médiathèque de Fès', phone_national: '612345678' });
    const { res } = await post('/contact?lang=fr', values, undefined, newIp());
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    const ticket = /^\/contact\?ticket=(TFJ-[A-Z0-9]{6})$/.exec(location)?.[1];
    expect(ticket).toBeTruthy();
    const { html: page } = await call(`${location}&lang=fr`);
    expect(page).toContain(fr('CONTACT_SENT_TITLE'));
    expect(page).toContain(`data-testid="contact-ticket">${ticket}<`);
    const [ack] = await outbox(values.email);
    expect(ack?.subject).toContain(ticket);
    expect((await outbox(env.SUPPORT_EMAIL)).some((m) => m.subject.startsWith(`[${ticket}] Librarian: trial, demo or content — A demo`) && m.body.includes('Phone: +212612345678'))).toBe(true);
  });

  it('shows each spec §5 message in French on its field and keeps everything typed', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'pas-un-email' }, 'email', 'VALID_EMAIL_REQUIRED'],
      [{ phone_national: '0612345678' }, 'phone_national', 'PHONE_WITHOUT_LEADING_ZERO'],
      [{ phone_national: '12' }, 'phone_national', 'VALID_PHONE_REQUIRED'],
      [{ name: '' }, 'name', 'ALL_FIELDS_REQUIRED'],
      [{ message: '  ' }, 'message', 'ALL_FIELDS_REQUIRED'],
      [{ subject: '' }, 'subject', 'ALL_FIELDS_REQUIRED'],
      [{ subject: 'librarian', topic: 'demo' }, 'library', 'ALL_FIELDS_REQUIRED'],
      [{ subject: 'librarian', library: 'Bibliothèque' }, 'topic', 'ALL_FIELDS_REQUIRED'],
      [{ message: 'x'.repeat(5001) }, 'message', 'CONTACT_MESSAGE_TOO_LONG'],
    ];
    for (const [change, field, key] of cases) {
      const values = form(change);
      const { res, html: page } = await post('/contact?lang=fr', values, undefined, newIp());
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(fieldMessage(page, field, html(fr(key))), `${field}: ${key}`).toBe(true);
      expect(page).toContain(`<title>${fr('ERROR')}: ${fr('TITLE_CONTACT')}`);
      // Nothing typed is lost.
      if (values.name) expect(hasTag(page, 'input', { name: 'name', value: values.name })).toBe(true);
      if (values.message.trim()) expect(page).toContain(`${html(values.message)}</textarea>`);
      if (values.phone_national) expect(hasTag(page, 'input', { name: 'phone_national', value: values.phone_national })).toBe(true);
      expect(page).toContain(html(values.email));
      expect(await outbox(values.email)).toEqual([]);
    }
  });

  it('without a passing human check says so (translated), keeps the form and sends nothing', async () => {
    const values = form({ 'cf-turnstile-response': '' });
    const { res, html: page } = await post('/contact?lang=fr', values, undefined, newIp());
    expect(res.status).toBe(400);
    expect(page).toContain(html(fr('HUMAN_CHECK_FAILED')));
    expect(hasTag(page, 'input', { name: 'name', value: values.name })).toBe(true);
    expect(page).toContain(`${html(values.message)}</textarea>`);
    const forged = await post('/contact', form({ 'cf-turnstile-response': 'forged' }), undefined, newIp());
    expect(forged.res.status).toBe(400);
    expect(forged.html).toContain(html(en('HUMAN_CHECK_FAILED')));
    expect(await outbox(values.email)).toEqual([]);
  });

  it('after 3 messages from one email in an hour says "too many requests" (spec §8), translated, with the form kept', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await post('/contact', form({ email }), undefined, newIp())).res.status).toBe(303);
    const values = form({ email, message: 'Un quatrième message' });
    const { res, html: page } = await post('/contact?lang=fr', values, undefined, newIp());
    expect(res.status).toBe(429);
    expect(page).toContain(html(fr('TOO_MANY_REQUESTS')));
    expect(page).toContain('Un quatrième message</textarea>');
    expect(await outbox(email)).toHaveLength(3);
  });

  it('a logged-in user’s message carries their account for support', async () => {
    const { email, jar } = await registered();
    const { res } = await post('/contact', form({ email, subject: 'account' }), jar, newIp());
    expect(res.status).toBe(303);
    const ticket = /ticket=(TFJ-\w{6})/.exec(res.headers.get('location') ?? '')?.[1] ?? '';
    const row = await env.DB.prepare('SELECT m.user_id, u.email, m.profile_id FROM contact_messages m JOIN users u ON u.id = m.user_id WHERE m.ticket = ?').bind(ticket).first<{ email: string; profile_id: number | null }>();
    expect(row?.email).toBe(email);
    expect(row?.profile_id).toBeGreaterThan(0);
  });
});
