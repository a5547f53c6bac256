import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { signReplyToken } from '../../api/contact/support/link';
import { asStaff, outboxFor, replyLinkIn, seedTicket, staffMember, type StaffMember } from '../../api/contact/support/testing';
import { translate } from '../../i18n';
import { LANGS, type Lang } from '../../rules/lang';
import { REPLY_LINK_DAYS } from '../../rules/support';
import { call, flashOf, hasTag, html, newIp, post, quietConsole, type Jar } from '../../test/site';

/** /contact/reply/{token} (issue 32) through the whole worker (edge, page, proxy, built-in API on D1), as a browser without JavaScript. */

quietConsole();

let agent: StaffMember;
beforeAll(async () => {
  agent = await staffMember('support');
});

/** A ticket in `lang` that support answered (with an internal note before): the reply link's path and query, as emailed. */
async function answered(lang: Lang, reply = 'Please clear the cache and try again.') {
  const seeded = await seedTicket({ lang, name: 'Salma', message: 'The film stops after ten minutes.' });
  await asStaff(agent, `/tickets/${seeded.ticket}/note`, { body: { body: 'Internal: known CDN incident' } });
  const res = await asStaff(agent, `/tickets/${seeded.ticket}/reply`, { body: { body: reply } });
  expect(res.status).toBe(201);
  const link = new URL(replyLinkIn((await outboxFor(seeded.email)).at(-1)?.body ?? ''));
  return { ...seeded, path: link.pathname, url: link.pathname + link.search };
}

const stateOf = async (ticket: string) => (await env.DB.prepare('SELECT state FROM contact_messages WHERE ticket = ?').bind(ticket).first<{ state: string }>())?.state;
const threadSize = async (ticket: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM support_messages m JOIN contact_messages t ON t.id = m.ticket_id WHERE t.ticket = ?').bind(ticket).first<{ n: number }>())?.n;

describe('GET /contact/reply/{token}', () => {
  it.each(LANGS)('shows the request in %s (the email’s language): subject, status, messages and answers, never the notes, and the answer form', async (lang) => {
    const t = translate(lang);
    const { ticket, url, path } = await answered(lang);
    const { res, html: page } = await call(url, {}, new Map(), newIp());
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(page).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
    expect(page).toContain(`<title>${html(t('CONTACT_REPLY_TITLE', { ticket }))}`);
    expect(page).toContain(html(t('CONTACT_SUBJECT_TECHNICAL')));
    expect(page).toContain(html(t('CONTACT_REPLY_STATE_WAITING')));
    expect(page).toContain('The film stops after ten minutes.');
    expect(page).toContain('Please clear the cache and try again.');
    expect(page).toContain(html(t('CONTACT_REPLY_FROM_SUPPORT')));
    expect(page).not.toContain('known CDN incident');
    expect(page.match(/data-testid="reply-message"/g)).toHaveLength(2);
    expect(hasTag(page, 'form', { method: 'post', action: path })).toBe(true);
    expect(hasTag(page, 'textarea', { name: 'message', id: 'field-message', required: '' })).toBe(true);
    expect(page).toContain(`<label class="field__label" for="field-message">${html(t('CONTACT_REPLY_MESSAGE'))}</label>`);
  });
});

describe('POST /contact/reply/{token}', () => {
  it('puts the answer on the ticket (open again), comes back with a toast, and shows it in the thread', async () => {
    const { ticket, url, path } = await answered('fr');
    const jar: Jar = new Map();
    const ip = newIp();
    await call(url, {}, jar, ip);
    const sent = await post(path, { message: 'Merci, cela fonctionne maintenant.' }, jar, ip);
    expect(sent.res.status).toBe(303);
    expect(sent.res.headers.get('Location')).toBe(path);
    expect(flashOf(jar)).toContain('CONTACT_REPLY_SENT');
    expect(await stateOf(ticket)).toBe('open');
    const { html: page } = await call(path, {}, jar, ip);
    expect(page).toContain('Merci, cela fonctionne maintenant.');
    expect(page).toContain(html(translate('fr')('CONTACT_REPLY_STATE_OPEN')));
    expect(page.match(/data-testid="reply-message"/g)).toHaveLength(3);
  });

  it('shows the form again with its message for an empty or too long answer, and stores nothing', async () => {
    const { ticket, path } = await answered('en');
    for (const [message, key] of [['   ', 'ALL_FIELDS_REQUIRED'], ['x'.repeat(5001), 'CONTACT_MESSAGE_TOO_LONG']] as const) {
      const { res, html: page } = await post(path, { message }, undefined, newIp());
      expect(res.status).toBe(400);
      expect(page).toContain(`<title>${html(translate('en')('ERROR'))}: `);
      expect(page).toMatch(new RegExp(`data-message-for="message"[^>]*>${html(translate('en')(key, { max: '5,000' }))}<`));
    }
    expect(await threadSize(ticket)).toBe(3);
    expect(await stateOf(ticket)).toBe('waiting');
  });
});

describe('a link that no longer opens its request', () => {
  it('expired: a 410 page that says so, names the ticket to quote and leads to the contact form; its form is refused the same', async () => {
    const { ticket } = await seedTicket({ lang: 'ar' });
    const { token } = await signReplyToken(env.JWT_SECRET, ticket, new Date(Date.now() - (REPLY_LINK_DAYS + 1) * 86_400_000));
    const ar = translate('ar');
    const { res, html: page } = await call(`/contact/reply/${token}?lang=ar`);
    expect(res.status).toBe(410);
    expect(page).toContain(`<h1 id="reply-refused-title">${html(ar('CONTACT_REPLY_EXPIRED_TITLE'))}</h1>`);
    expect(page).toContain(html(ar('CONTACT_REPLY_EXPIRED_TEXT', { days: REPLY_LINK_DAYS, ticket })));
    expect(hasTag(page, 'a', { href: '/contact' })).toBe(true);
    const posted = await post(`/contact/reply/${token}`, { message: 'Hello?' }, undefined, newIp());
    expect(posted.res.status).toBe(410);
    expect(await threadSize(ticket)).toBe(1);
  });

  it('forged or changed: a 404 page that says the link does not work; nothing stored', async () => {
    const { ticket, path } = await answered('es');
    const es = translate('es');
    const forged = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const bad of [forged, '/contact/reply/not-a-token', `/contact/reply/${ticket}`]) {
      const { res, html: page } = await call(`${bad}?lang=es`);
      expect(res.status, bad).toBe(404);
      expect(page).toContain(html(es('CONTACT_REPLY_INVALID_TITLE')));
      expect(page).toContain(html(es('CONTACT_REPLY_INVALID_TEXT')));
    }
    const posted = await post(forged, { message: 'Hola' }, undefined, newIp());
    expect(posted.res.status).toBe(404);
    expect(await threadSize(ticket)).toBe(3);
  });
});
