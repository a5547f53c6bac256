import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { consumeAll, limiter } from '../../limits';
import { cleanCardNumber, monthKey, parseMonth } from '../../rules/libraries';
import { authenticate, caller, requireAuth } from '../kernel/auth';
import { clientOf, tooMany } from '../kernel/request';
import { now } from '../kernel/clock';
import { apiError } from '../errors';
import { visibleContentsByIds } from '../pages/queries';
import { cardsOf, ticketsLeft } from '../entitlements/library';
import { accessFor, libraryCardRequired, playbackViewer, requestedProfile } from '../entitlements/routes';
import { textIn } from '../../rules/texts';
import { playbackTitle } from '../player/queries';
import { langQuery } from '../schemas';
import { validationHook } from '../kernel/validation';
import { refuse, type RefusalAnswers } from '../kernel/refusals';
import { checkCard, linkCard, type CardRefusal } from './cards';
import { borrowTitle, recheckCard, runningLoans } from './loans';
import { patronAuthenticator } from './patrons';
import { findLibraries, libraryBySlug, libraryTitleIds, toCard, toSummary } from './queries';
import { BorrowInput, CardInput, cardParam, finderQuery, libraryParam, usageQuery, type BorrowAnswer, type LibraryFinder, type LibraryPage, type MyLibraries } from './schemas';
import { librarianLibrary, libraryUsage } from './usage';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The libraries' refusals as HTTP answers (the library's patron system not answering is a 503, never "not found"). */
const LIBRARY_REFUSALS: RefusalAnswers<CardRefusal | 'LIBRARY_UNAVAILABLE' | 'NO_LIBRARY_TICKETS'> = {
  LIBRARY_CARD_NOT_FOUND: [400, 'LIBRARY_CARD_NOT_FOUND', 'library card and password combination not found'],
  LIBRARY_CARD_BLOCKED: [403, 'LIBRARY_CARD_BLOCKED', 'the library has blocked this card'],
  LIBRARY_CARD_EXPIRED: [403, 'LIBRARY_CARD_EXPIRED', 'this library card has expired'],
  LIBRARY_CARD_TAKEN: [409, 'LIBRARY_CARD_TAKEN', 'this library card is linked to another account'],
  LIBRARY_UNAVAILABLE: [503, 'LIBRARY_UNAVAILABLE', 'the library cannot be reached, try later'],
  NO_LIBRARY_TICKETS: [409, 'NO_LIBRARY_TICKETS', 'no library ticket left this month: they come back on the 1st'],
};

async function library(c: Context<AppEnv>, slug: string) {
  const row = await libraryBySlug(c.env.DB, slug);
  if (!row) apiError(404, 'LIBRARY_NOT_FOUND', slug);
  return row;
}

/**
 * Public libraries (issue 17, spec §1 library-card service, §2 library finder and library card
 * entry, §3 User `libraries`): the finder, a library's page, card sign-in, tickets and 72-hour loans,
 * and the librarians' monthly usage. Mounted at the API root (before /pages).
 */
export const libraries = new Hono<AppEnv>()
  /** GET /pages/libraries?q=: the library finder (city, postal code or name, in any language, folded as the catalogue search). */
  .get('/pages/libraries', zValidator('query', finderQuery, validationHook), async (c) => {
    const { q, lang } = c.req.valid('query');
    const rows = await findLibraries(c.env.DB, q);
    return c.json({ query: q.trim(), libraries: rows.map((r) => toSummary(r, lang)) } satisfies LibraryFinder, 200, NO_STORE);
  })
  /** GET /pages/libraries/{slug}?profileId=: the library, its titles (the viewer's age limit applies) and the caller's card there. */
  .get('/pages/libraries/:slug', zValidator('param', libraryParam, validationHook), zValidator('query', langQuery, validationHook), async (c) => {
    const { lang } = c.req.valid('query');
    const row = await library(c, c.req.valid('param').slug);
    const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
    const at = now(c);
    const [ids, cards] = await Promise.all([libraryTitleIds(c.env.DB, row.id), viewer.user ? cardsOf(c.env.DB, viewer.user.id, at, row.id) : Promise.resolve([])]);
    const contents = await visibleContentsByIds(c.env, lang, viewer.age, ids);
    const card = cards[0];
    const body: LibraryPage = {
      library: { ...toSummary(row, lang), landing: textIn(row.landing, lang) },
      contents: ids.flatMap((id) => contents.filter((x) => x.id === id)),
      card: card ? toCard(card, lang) : null,
    };
    return c.json(body, 200, NO_STORE);
  })
  /**
   * POST /libraries/{slug}/card {cardNumber, pin}: adds the caller's card at this library, checked
   * through the library's patron authentication. Every try is counted first (per card for this
   * account and per account, 5 in 15 minutes; per address, 20 an hour: 429 TOO_MANY_ATTEMPTS); a wrong combination answers 400
   * LIBRARY_CARD_NOT_FOUND ("library card and password combination not found"), a blocked or expired
   * card 403 LIBRARY_CARD_BLOCKED / LIBRARY_CARD_EXPIRED, a card linked to another account 409
   * LIBRARY_CARD_TAKEN, an unreachable library 503 LIBRARY_UNAVAILABLE. Adding it again replaces it.
   */
  .post('/libraries/:slug/card', requireAuth, zValidator('param', libraryParam, validationHook), zValidator('json', CardInput, validationHook), async (c) => {
    const { user } = caller(c);
    const { lang } = langQuery.parse({ lang: c.req.query('lang') ?? undefined });
    const row = await library(c, c.req.valid('param').slug);
    const input = c.req.valid('json');
    const cardNumber = cleanCardNumber(input.cardNumber);
    if (!/^[\w.]{1,40}$/.test(cardNumber)) refuse(LIBRARY_REFUSALS, 'LIBRARY_CARD_NOT_FOUND');
    const accountKey = `user:${user.id}`;
    // The card's tries are the caller's own: another account's wrong PINs never lock this card for its patron.
    const cardKey = `${row.id}:${cardNumber.toLowerCase()}:${accountKey}`;
    const addressKey = clientOf(c).ip || 'unknown-ip';
    const attempt = await consumeAll(c.env, [
      ['library-card', cardKey],
      ['library-card-account', accountKey],
      ['library-card-ip', addressKey],
    ]);
    if (!attempt.allowed) return tooMany(c, 'TOO_MANY_ATTEMPTS', attempt.retryAfter, `wait ${attempt.retryAfter} seconds`);
    const at = now(c);
    const checked = await checkCard(patronAuthenticator(c.env, row), cardNumber, input.pin, at);
    if (!checked.ok) refuse(LIBRARY_REFUSALS, checked.refusal);
    const limits = limiter(c.env);
    await Promise.all([limits.release('library-card', cardKey), limits.release('library-card-account', accountKey), limits.release('library-card-ip', addressKey)]);
    const linked = await linkCard(c.env.DB, c.env, { userId: user.id, libraryId: row.id, cardNumber, pin: input.pin }, checked.patron, at);
    if (!linked.ok) refuse(LIBRARY_REFUSALS, linked.refusal);
    return c.json(toCard(linked.card, lang), 201, NO_STORE);
  })
  /** DELETE /libraries/cards/{id}: removes one of the caller's cards (its month's tickets stay counted on the card number). */
  .delete('/libraries/cards/:id', requireAuth, zValidator('param', cardParam, validationHook), async (c) => {
    const { user } = caller(c);
    const res = await c.env.DB.prepare('DELETE FROM library_cards WHERE id = ?1 AND user_id = ?2').bind(c.req.valid('param').id, user.id).run();
    if (res.meta.changes !== 1) apiError(404, 'LIBRARY_CARD_MISSING', String(c.req.valid('param').id));
    return c.json({ status: 200, message: 'LIBRARY_CARD_REMOVED' }, 200, NO_STORE);
  })
  /** GET /libraries/me: the caller's cards with the tickets left this month, and their running loans (countdown to expires_at). */
  .get('/libraries/me', requireAuth, zValidator('query', langQuery, validationHook), async (c) => {
    const { user } = caller(c);
    const { lang } = c.req.valid('query');
    const at = now(c);
    const [cards, loans] = await Promise.all([cardsOf(c.env.DB, user.id, at), runningLoans(c.env.DB, user.id, lang, at)]);
    return c.json({ month: monthKey(at), now: at.toISOString(), cards: cards.map((k) => toCard(k, lang)), loans } satisfies MyLibraries, 200, NO_STORE);
  })
  /**
   * POST /libraries/loans {contentSlug, library?}: watching a library title costs one ticket and opens
   * a 72-hour loan; inside a running loan it answers that loan and spends nothing. Refusals: 401
   * guests, 404 CONTENT_NOT_FOUND / MEDIA_NOT_FOUND, 403 CONTENT_NOT_AVAILABLE (age), 451 GEOBLOCKED,
   * 409 NO_LOAN_NEEDED (the caller can already watch it), 403 LIBRARY_CARD_REQUIRED (no valid card at
   * a library including it; a card whose last check is older than a day is re-checked first),
   * 409 NO_LIBRARY_TICKETS (none left this month).
   */
  .post('/libraries/loans', zValidator('json', BorrowInput, validationHook), async (c) => {
    const { lang } = langQuery.parse({ lang: c.req.query('lang') ?? undefined });
    const auth = await authenticate(c);
    if (!auth) apiError(401, 'E_UNAUTHORIZED_ACCESS', 'log in to borrow with a library card');
    const viewer = await playbackViewer(c, requestedProfile(c, 'profileId'));
    const user = auth.user;
    const input = c.req.valid('json');
    const title = await playbackTitle(c.env, 'en', input.contentSlug, viewer.age, 'main', null);
    if (!title) apiError(404, 'CONTENT_NOT_FOUND', input.contentSlug);
    if (!title.ageAllowed) apiError(403, 'CONTENT_NOT_AVAILABLE', input.contentSlug);
    if (!title.media) apiError(404, 'MEDIA_NOT_FOUND', input.contentSlug);
    const titleIds = [title.content.id, ...(title.content.parent ? [title.content.parent.id] : [])];
    const at = now(c);
    const { results: including } = await c.env.DB.prepare(
      `SELECT t.content_id, t.library_id FROM library_titles t JOIN libraries l ON l.id = t.library_id
       WHERE t.content_id IN (SELECT value FROM json_each(?1)) AND l.published = 1`,
    )
      .bind(JSON.stringify(titleIds))
      .all<{ content_id: number; library_id: number }>();
    if (including.length === 0) apiError(404, 'NOT_A_LIBRARY_TITLE', input.contentSlug);
    // Without title ids: neither an unlock nor a running loan counts here (a running loan is answered below, spending nothing).
    const access = await accessFor(c, viewer, title.rights);
    if (access === 'geoblocked') apiError(451, 'GEOBLOCKED', 'this title is not available in your country');
    if (access === 'ok') apiError(409, 'NO_LOAN_NEEDED', 'you can already watch this title');
    const cards = (await cardsOf(c.env.DB, user.id, at)).filter(
      (k) => including.some((l) => l.library_id === k.library_id) && (!input.library || k.library_slug === input.library),
    );
    // Cards with tickets left first; each re-checked with its library when its last check is older than a day.
    cards.sort((a, b) => ticketsLeft(b) - ticketsLeft(a));
    for (const card of cards) {
      const row = await libraryBySlug(c.env.DB, card.library_slug);
      if (!row) continue;
      const rechecked = await recheckCard(c.env.DB, c.env, patronAuthenticator(c.env, row), card, at);
      if (!rechecked.ok) refuse(LIBRARY_REFUSALS, rechecked.refusal);
      if (!rechecked.valid) continue;
      const contentId = including.find((l) => l.library_id === card.library_id)?.content_id ?? title.content.id;
      const borrowed = await borrowTitle(c.env.DB, card, contentId, lang, at);
      if (!borrowed.ok) refuse(LIBRARY_REFUSALS, borrowed.refusal);
      const { loan, spent } = borrowed;
      const [after] = await cardsOf(c.env.DB, user.id, at, card.library_id);
      return c.json({ loan, spent, tickets_left: after ? ticketsLeft(after) : 0 } satisfies BorrowAnswer, spent ? 201 : 200, NO_STORE);
    }
    libraryCardRequired();
  })
  /** GET /librarian/usage?month=YYYY-MM: the librarian's library's usage that month (default: this month). 403 NOT_A_LIBRARIAN otherwise. */
  .get('/librarian/usage', requireAuth, zValidator('query', usageQuery, validationHook), async (c) => {
    const { user } = caller(c);
    const { lang, month } = c.req.valid('query');
    const lib = await librarianLibrary(c.env.DB, user.id);
    if (!lib) apiError(403, 'NOT_A_LIBRARIAN', 'this page is for librarians');
    return c.json(await libraryUsage(c.env.DB, lib, parseMonth(month) ?? monthKey(now(c)), lang), 200, NO_STORE);
  });
