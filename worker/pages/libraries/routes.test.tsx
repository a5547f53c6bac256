// /libraries/{slug}/card for a guest: the account made in the same form asks for the terms, as
// registration does, and a refused card afterwards keeps the account (named, not typed again).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../api/kernel/password';
import { librarySearchText } from '../../../scripts/seed/libraries';
import { uniqueEmail } from '../../test/accounts';
import { en, hasTag, html, newIp, post, userByEmail, type Jar } from '../../test/site';

const tag = crypto.randomUUID().slice(0, 8);
const slug = `card-form-${tag}`;
const CARD = `5${String(Date.now()).slice(-7)}`;

beforeAll(async () => {
  const texts = { name: { en: 'Card form library', fr: 'Bibliothèque', ar: 'مكتبة', es: 'Biblioteca' }, city: { en: `Town${tag}`, fr: `Ville${tag}`, ar: `مدينة${tag}`, es: '' } };
  const row = await env.DB.prepare(
    `INSERT INTO libraries (slug, name, city, postal_code, landing, monthly_tickets, patron_auth, search_text, updated_at) VALUES (?1, ?2, ?3, '99999', '{"en":"Welcome"}', 5, 'csv', ?4, '2026-01-01') RETURNING id`,
  )
    .bind(slug, JSON.stringify(texts.name), JSON.stringify(texts.city), librarySearchText({ slug, name: texts.name, city: texts.city, postalCode: '99999' }))
    .first<{ id: number }>();
  await env.DB.prepare("INSERT INTO library_patrons (library_id, card_number, pin_hash, name, valid_until, blocked, imported_at) VALUES (?1, ?2, ?3, 'Amina', NULL, 0, '2026-01-01')")
    .bind(row?.id, CARD, await hashPassword('4321'))
    .run();
});

describe('/libraries/{slug}/card for a guest', { timeout: 60_000 }, () => {
  it('shows the terms checkbox; without it, the translated message, the email kept and no account made', async () => {
    const email = uniqueEmail();
    const { res, html: page } = await post(`/libraries/${slug}/card`, { cardNumber: CARD, pin: '4321', email, password: 'Sesame123' }, undefined, newIp());
    expect(res.status).toBe(400);
    expect(page).toContain(html(en('TERMS_REQUIRED')));
    expect(hasTag(page, 'input', { type: 'checkbox', name: 'terms' })).toBe(true);
    expect(page).toContain(`value="${email}"`);
    expect(await userByEmail(email)).toBeNull();
  });

  it('a wrong PIN after the account is made: the message, the account named, no second account asked for; then the right PIN adds the card', async () => {
    const email = uniqueEmail();
    const jar: Jar = new Map();
    const ip = newIp();
    const wrong = await post(`/libraries/${slug}/card`, { cardNumber: CARD, pin: '0000', email, password: 'Sesame123', terms: '1' }, jar, ip);
    expect(wrong.res.status).toBe(400);
    expect(wrong.html).toContain(html(en('LIBRARY_CARD_NOT_FOUND')));
    expect(wrong.html).toContain(html(en('LIBRARY_CARD_ACCOUNT_READY', { email })));
    expect(hasTag(wrong.html, 'input', { name: 'password' })).toBe(false);
    expect(await userByEmail(email)).not.toBeNull();
    const right = await post(`/libraries/${slug}/card`, { cardNumber: CARD, pin: '4321' }, jar, ip);
    expect(right.res.status).toBe(303);
    expect(right.res.headers.get('location')).toBe(`/libraries/${slug}`);
  });
});
