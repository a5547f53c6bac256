// Public libraries (issue 17): the finder's folding, card sign-in through the patron interface and
// the rate limiter, tickets (reset on the 1st), 72-hour loans, exact parallel borrows, the re-check
// of an old card, spec §3 User `libraries` / §7 PUT auth/profile, and the librarians' usage.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callApi, messageOf, registeredUser } from '../../test/accounts';
import { makeTitle } from '../../test/catalogue';
import { hashPassword } from '../kernel/password';
import { ContentPage } from '../pages/schemas';
import { librarySearchText } from '../../../scripts/seed/libraries';
import type { BorrowAnswer, LibrarianUsage, LibraryCard, LibraryFinder, LibraryPage, MyLibraries } from './schemas';

const HOUR = 3_600_000;
type Account = Awaited<ReturnType<typeof registeredUser>>;
const at = (d: Date) => ({ 'x-test-now': d.toISOString() });
const tag = crypto.randomUUID().slice(0, 8);

/** A library of its own (and its patrons: card → [pin, blocked]) for each test; slugs and city unique to this run. */
async function makeLibrary(name: string, tickets: number, titles: number[], patrons: Record<string, [string, number]>) {
  const slug = `${name}-${tag}`;
  const texts = { name: { en: `Library ${name}`, fr: `Bibliothèque ${name}`, ar: `مكتبة ${name}` }, city: { en: `Town${tag}`, fr: `Ville${tag}`, ar: `مدينة${tag}` } };
  const row = await env.DB.prepare(
    `INSERT INTO libraries (slug, name, city, postal_code, landing, monthly_tickets, patron_auth, search_text, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'csv', ?7, '2026-01-01') RETURNING id`,
  )
    .bind(slug, JSON.stringify(texts.name), JSON.stringify(texts.city), '99999', JSON.stringify({ en: 'Welcome', ar: 'مرحبا' }), tickets, librarySearchText({ slug, name: { ...texts.name, es: name }, city: { ...texts.city, es: '' }, postalCode: '99999' }))
    .first<{ id: number }>();
  const id = row!.id;
  for (const [i, content] of titles.entries()) await env.DB.prepare('INSERT INTO library_titles (library_id, content_id, position) VALUES (?1, ?2, ?3)').bind(id, content, i).run();
  for (const [card, [pin, blocked]] of Object.entries(patrons)) {
    await env.DB.prepare("INSERT INTO library_patrons (library_id, card_number, pin_hash, name, valid_until, blocked, imported_at) VALUES (?1, ?2, ?3, 'Amina', NULL, ?4, '2026-01-01')")
      .bind(id, card, await hashPassword(pin), blocked)
      .run();
  }
  return { id, slug };
}

const addCard = (who: Account, slug: string, cardNumber: string, pin: string, when = new Date(), ip: string = crypto.randomUUID()) =>
  callApi(`/libraries/${slug}/card`, { method: 'POST', token: who.tokens.token, body: { cardNumber, pin }, headers: { ...at(when), 'X-Client-IP': ip } });
const borrow = (who: Account, slug: string, when = new Date()) => callApi('/libraries/loans', { method: 'POST', token: who.tokens.token, body: { contentSlug: slug }, headers: at(when) });
const stream = (who: Account, slug: string, when = new Date()) =>
  callApi(`/pages/content/${slug}/stream_url`, { token: who.tokens.token, headers: { ...at(when), 'X-Device-Id': `dev-${crypto.randomUUID()}`, 'X-Client-IP': '10.8.8.8' } });
const me = async (who: Account, when = new Date()) => (await (await callApi('/libraries/me', { token: who.tokens.token, headers: at(when) })).json()) as MyLibraries;
const card = (n: number) => `${tag.replace(/\D/g, '').slice(0, 4)}${n}`.padStart(8, '7');

describe('the library finder', () => {
  it('finds a library by city, name or postal code, in Arabic or Latin, folded as the catalogue search', async () => {
    const lib = await makeLibrary('finder', 5, [], {});
    const find = async (q: string, lang = 'en') => ((await (await callApi(`/pages/libraries?q=${encodeURIComponent(q)}&lang=${lang}`)).json()) as LibraryFinder).libraries.map((l) => l.slug);
    expect(await find(`مدينة${tag}`, 'ar')).toEqual([lib.slug]);
    expect(await find(`VILLE${tag}`, 'fr')).toEqual([lib.slug]);
    expect(await find(`bibliotheque finder ville${tag}`, 'fr')).toEqual([lib.slug]);
    expect(await find(`مكتبة فيندر${tag}`)).toEqual([]);
    const ar = (await (await callApi(`/pages/libraries?q=${encodeURIComponent(`مدينة${tag}`)}&lang=ar`)).json()) as LibraryFinder;
    expect(ar.libraries[0]).toMatchObject({ name: 'مكتبة finder', city: `مدينة${tag}`, postal_code: '99999', monthly_tickets: 5 });
  });

  it('folds the seed libraries: "الرباط", "رباط", "rabat" and "Fès" / "fes" find them', async () => {
    const { libraryStatements } = await import('../../../scripts/seed/libraries');
    const sql = (v: unknown) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
    for (const statement of libraryStatements(new Date(), sql)) await env.DB.prepare(statement).run();
    const find = async (q: string) => ((await (await callApi(`/pages/libraries?q=${encodeURIComponent(q)}&lang=ar`)).json()) as LibraryFinder).libraries.map((l) => l.slug);
    expect(await find('الرباط')).toEqual(['bnrm-rabat']);
    expect(await find('رباط')).toEqual(['bnrm-rabat']);
    expect(await find('Rabat')).toEqual(['bnrm-rabat']);
    expect(await find('Fès')).toEqual(['bibliotheque-fes']);
    expect(await find('فاس')).toEqual(['bibliotheque-fes']);
    expect(await find('20000')).toEqual(['mediatheque-casablanca']);
    expect(await find('الدار البيضاء')).toEqual(['mediatheque-casablanca']);
    const page = (await (await callApi('/pages/libraries/bnrm-rabat?lang=fr')).json()) as LibraryPage;
    expect(page.library).toMatchObject({ name: 'Bibliothèque nationale du Royaume du Maroc', city: 'Rabat' });
    expect(page.contents.length).toBeGreaterThanOrEqual(6);
    expect((await callApi('/pages/libraries/no-such-library')).status).toBe(404);
  });
});

describe('library card sign-in', { timeout: 60_000 }, () => {
  it('a wrong PIN answers the spec message; the right one adds the card (masked) to the user; the 6th try in 15 minutes is refused', async () => {
    const title = await makeTitle({ premium: true });
    const lib = await makeLibrary('cards', 5, [title.id], { [card(1)]: ['4321', 0], [card(2)]: ['1111', 1], [card(11)]: ['2468', 0] });
    const user = await registeredUser();
    const wrong = await addCard(user, lib.slug, card(1), '0000');
    expect([wrong.status, await messageOf(wrong)]).toEqual([400, 'LIBRARY_CARD_NOT_FOUND: library card and password combination not found']);
    expect(await messageOf(await addCard(user, lib.slug, '123456789999', '4321'))).toMatch(/^LIBRARY_CARD_NOT_FOUND/);
    expect(await messageOf(await addCard(user, lib.slug, card(2), '1111'))).toMatch(/^LIBRARY_CARD_BLOCKED/);
    const right = await addCard(user, lib.slug, card(1), '4321');
    expect(right.status).toBe(201);
    const added = (await right.json()) as LibraryCard;
    expect(added).toMatchObject({ valid: true, tickets_left: 5, monthly_tickets: 5, patron_name: 'Amina', library: { slug: lib.slug } });
    expect(added.card_number).toBe(`•••• ${card(1).slice(-4)}`);
    const view = (await (await callApi('/auth/user', { token: user.tokens.token })).json()) as { libraries: unknown[] };
    expect(view.libraries).toEqual([{ id: added.id, library_id: lib.id, slug: lib.slug, name: 'Library cards', card_number: added.card_number, valid: true }]);
    // The same card on another account: refused.
    const other = await registeredUser();
    expect(await messageOf(await addCard(other, lib.slug, card(1), '4321'))).toMatch(/^LIBRARY_CARD_TAKEN/);
    // Counted before checking, per card: five wrong tries, then even the right PIN is refused for 15 minutes.
    const third = await registeredUser();
    const tries = await Promise.all(Array.from({ length: 6 }, () => addCard(third, lib.slug, card(11), '9999')));
    expect(tries.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 429]);
    const refused = await addCard(third, lib.slug, card(11), '2468');
    expect([refused.status, await messageOf(refused)]).toEqual([429, expect.stringMatching(/^TOO_MANY_ATTEMPTS/)]);
    // Only for the one trying: the card's patron, on their own account, adds it at once.
    const patron = await registeredUser();
    expect((await addCard(patron, lib.slug, card(11), '2468')).status).toBe(201);
  });

  it('bounds PIN tries per address across accounts (sequential card numbers): 40 parallel tries from 8 accounts → 20 checked', async () => {
    const cards = Array.from({ length: 8 }, (_, i) => card(20 + i));
    const lib = await makeLibrary('spray', 5, [], Object.fromEntries(cards.map((n) => [n, ['5555', 0] as [string, number]])));
    const accounts = await Promise.all(Array.from({ length: 8 }, () => registeredUser()));
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const tries = await Promise.all(accounts.flatMap((who, i) => ['0001', '0002', '0003', '0004', '0005'].map((pin) => addCard(who, lib.slug, cards[i] ?? '', pin, new Date(), ip))));
    const statuses = tries.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // A right PIN from that address is refused too (counted first); the patron elsewhere adds the card.
    const patron = await registeredUser();
    expect((await addCard(patron, lib.slug, cards[7] ?? '', '5555', new Date(), ip)).status).toBe(429);
    expect((await addCard(patron, lib.slug, cards[7] ?? '', '5555')).status).toBe(201);
  });

  it('PUT auth/profile `libraries` keeps the listed cards and removes the others; DELETE removes one', async () => {
    const a = await makeLibrary('keep-a', 5, [], { [card(3)]: ['1234', 0] });
    const b = await makeLibrary('keep-b', 5, [], { [card(4)]: ['1234', 0] });
    const user = await registeredUser();
    const first = (await (await addCard(user, a.slug, card(3), '1234')).json()) as LibraryCard;
    const second = (await (await addCard(user, b.slug, card(4), '1234')).json()) as LibraryCard;
    const put = await callApi('/auth/profile', { method: 'PUT', token: user.tokens.token, body: { libraries: [first.id] } });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { libraries: { id: number }[] }).libraries.map((l) => l.id)).toEqual([first.id]);
    expect((await callApi(`/libraries/cards/${second.id}`, { method: 'DELETE', token: user.tokens.token })).status).toBe(404);
    expect((await callApi(`/libraries/cards/${first.id}`, { method: 'DELETE', token: user.tokens.token })).status).toBe(200);
    expect((await me(user)).cards).toEqual([]);
  });
});

describe('tickets and 72-hour loans', () => {
  it('without a card: the premium refusal (the page offers the card); borrowing needs a card, spends one ticket, plays at +71 h, not at +73 h', async () => {
    const title = await makeTitle({ premium: true });
    const lib = await makeLibrary('loans', 5, [title.id], { [card(5)]: ['4321', 0] });
    const user = await registeredUser();
    const t0 = new Date('2026-03-10T10:00:00Z');
    const refused = await stream(user, title.slug, t0);
    expect([refused.status, await messageOf(refused)]).toEqual([403, 'PREMIUM_REQUIRED: You have to be a premium subscriber to access this content']);
    expect(await messageOf(await borrow(user, title.slug, t0))).toMatch(/^LIBRARY_CARD_REQUIRED/);
    const content = async (when: Date) => ContentPage.parse(await (await callApi(`/pages/content/${title.slug}`, { token: user.tokens.token, headers: at(when) })).json()).content;
    expect((await content(t0)).library).toEqual({ libraries: [{ slug: lib.slug, name: 'Library loans' }], card: false, tickets_left: null, loan_until: null });

    expect((await addCard(user, lib.slug, card(5), '4321', t0)).status).toBe(201);
    expect((await content(t0)).library).toMatchObject({ card: true, tickets_left: 5, loan_until: null });
    // A patron of the library without a loan: spec §8 "a valid library card is required to watch" (borrow first).
    const patron = await stream(user, title.slug, t0);
    expect([patron.status, await messageOf(patron)]).toEqual([403, 'LIBRARY_CARD_REQUIRED: a valid library card is required to watch']);
    const first = await borrow(user, title.slug, t0);
    expect(first.status).toBe(201);
    const answer = (await first.json()) as BorrowAnswer;
    expect(answer).toMatchObject({ spent: true, tickets_left: 4, loan: { content: { slug: title.slug }, expires_at: new Date(t0.getTime() + 72 * HOUR).toISOString() } });
    expect((await content(t0)).access).toBe('ok');
    expect((await stream(user, title.slug, new Date(t0.getTime() + 71 * HOUR))).status).toBe(200);
    // Re-watching inside the loan costs nothing.
    const again = await borrow(user, title.slug, new Date(t0.getTime() + 70 * HOUR));
    expect([again.status, ((await again.json()) as BorrowAnswer).tickets_left]).toEqual([200, 4]);
    const later = new Date(t0.getTime() + 73 * HOUR);
    expect(await messageOf(await stream(user, title.slug, later))).toMatch(/^LIBRARY_CARD_REQUIRED/);
    // After the loan: one more ticket (the card was re-checked with the library at +70 h, its last check being older than a day).
    const renewed = (await (await borrow(user, title.slug, later)).json()) as BorrowAnswer;
    expect([renewed.spent, renewed.tickets_left]).toEqual([true, 3]);
    const mine = await me(user, later);
    expect(mine.loans.map((l) => l.content.slug)).toEqual([title.slug]);
    expect(mine.cards[0]?.checked_at).toBe(new Date(t0.getTime() + 70 * HOUR).toISOString());
  });

  it('tickets reset on the 1st (UTC): none left on the 31st, all back on the 1st', async () => {
    const titles = await Promise.all([1, 2, 3].map(() => makeTitle({ premium: true })));
    const lib = await makeLibrary('reset', 2, titles.map((x) => x.id), { [card(6)]: ['4321', 0] });
    const user = await registeredUser();
    const eve = new Date('2026-01-31T22:00:00Z');
    expect((await addCard(user, lib.slug, card(6), '4321', eve)).status).toBe(201);
    expect((await borrow(user, titles[0]!.slug, eve)).status).toBe(201);
    expect((await borrow(user, titles[1]!.slug, eve)).status).toBe(201);
    const none = await borrow(user, titles[2]!.slug, eve);
    expect([none.status, await messageOf(none)]).toEqual([409, 'NO_LIBRARY_TICKETS: no library ticket left this month: they come back on the 1st']);
    const first = new Date('2026-02-01T00:30:00Z');
    expect((await me(user, first)).cards[0]?.tickets_left).toBe(2);
    expect(((await (await borrow(user, titles[2]!.slug, first)).json()) as BorrowAnswer).tickets_left).toBe(1);
    // Removing the card and adding it again gives nothing back: the count is the card number's.
    const [kept] = (await me(user, first)).cards;
    await callApi(`/libraries/cards/${kept!.id}`, { method: 'DELETE', token: user.tokens.token });
    expect(((await (await addCard(user, lib.slug, card(6), '4321', first)).json()) as LibraryCard).tickets_left).toBe(1);
  });

  it('20 parallel borrows of different titles with 3 tickets left make exactly 3 loans', async () => {
    const titles = await Promise.all(Array.from({ length: 20 }, () => makeTitle({ premium: true })));
    const lib = await makeLibrary('burst', 3, titles.map((x) => x.id), { [card(7)]: ['4321', 0] });
    const user = await registeredUser();
    const t0 = new Date('2026-04-02T09:00:00Z');
    expect((await addCard(user, lib.slug, card(7), '4321', t0)).status).toBe(201);
    const answers = await Promise.all(titles.map((x) => borrow(user, x.slug, t0)));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(3).fill(201), ...Array(17).fill(409)]);
    const loans = await env.DB.prepare('SELECT COUNT(*) AS n FROM library_loans WHERE library_id = ?1').bind(lib.id).first<{ n: number }>();
    expect(loans?.n).toBe(3);
    expect((await me(user, t0)).cards[0]?.tickets_left).toBe(0);
  });

  it('a card that fails its re-check (older than a day) stops being valid', async () => {
    const title = await makeTitle({ premium: true });
    const lib = await makeLibrary('recheck', 5, [title.id], { [card(8)]: ['4321', 0] });
    const user = await registeredUser();
    const t0 = new Date('2026-05-05T10:00:00Z');
    expect((await addCard(user, lib.slug, card(8), '4321', t0)).status).toBe(201);
    await env.DB.prepare('UPDATE library_patrons SET blocked = 1 WHERE library_id = ?1').bind(lib.id).run();
    // Within the day: not asked again.
    expect((await borrow(user, title.slug, new Date(t0.getTime() + 2 * HOUR))).status).toBe(201);
    const twoDays = new Date(t0.getTime() + 80 * HOUR);
    const refused = await borrow(user, title.slug, twoDays);
    expect([refused.status, await messageOf(refused)]).toEqual([403, 'LIBRARY_CARD_REQUIRED: a valid library card is required to watch']);
    expect((await me(user, twoDays)).cards[0]?.valid).toBe(false);
  });
});

describe('librarians', () => {
  it('see their library’s usage for a month (loans, distinct patrons, titles); others get 403', async () => {
    const titles = await Promise.all([1, 2].map(() => makeTitle({ premium: true })));
    const lib = await makeLibrary('usage', 5, titles.map((x) => x.id), { [card(9)]: ['1', 0], [card(10)]: ['2', 0] });
    const [a, b, librarian] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const t0 = new Date('2026-06-15T12:00:00Z');
    await addCard(a, lib.slug, card(9), '1', t0);
    await addCard(b, lib.slug, card(10), '2', t0);
    await borrow(a, titles[0]!.slug, t0);
    await borrow(a, titles[1]!.slug, t0);
    await borrow(b, titles[0]!.slug, t0);
    const usage = (who: Account, month: string) => callApi(`/librarian/usage?month=${month}`, { token: who.tokens.token });
    expect(await messageOf(await usage(librarian, '2026-06'))).toMatch(/^NOT_A_LIBRARIAN/);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO staff_grants (user_id, role, granted_at) VALUES (?1, 'librarian', '2026-01-01')").bind(librarian.id),
      env.DB.prepare("INSERT INTO librarians (user_id, library_id, created_at) VALUES (?1, ?2, '2026-01-01')").bind(librarian.id, lib.id),
    ]);
    const june = (await (await usage(librarian, '2026-06')).json()) as LibrarianUsage;
    expect(june).toMatchObject({ month: '2026-06', loans: 3, patrons: 2 });
    expect(june.titles.map((x) => [x.slug, x.loans, x.patrons])).toEqual([[titles[0]!.slug, 2, 2], [titles[1]!.slug, 1, 1]]);
    expect(((await (await usage(librarian, '2026-07')).json()) as LibrarianUsage).loans).toBe(0);
    expect((await usage(librarian, '2026-13')).status).toBe(400);
  });
});
