import { Hono, type Context } from 'hono';
import { CardPage } from '../../../client/pages/libraries/CardPage';
import { FinderPage } from '../../../client/pages/libraries/FinderPage';
import { LibrarianPage } from '../../../client/pages/libraries/LibrarianPage';
import { LibraryPage } from '../../../client/pages/libraries/LibraryPage';
import { MyLibrariesPage } from '../../../client/pages/libraries/MyLibrariesPage';
import type { FormState } from '../../../client/components/FormState';
import { LibrarianUsage, LibraryFinder, LibraryPage as LibraryPageData, MyLibraries } from '../../api/libraries/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { ApiError } from '../../rules/api-client';
import { toCsv } from '../../rules/libraries';
import { asApiError, callApi, login } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { done, loggedIn, sessionEnded, toLogin } from '../kit/account';
import { readForm, renderForm } from '../form';
import { forProfile, serverApi } from '../loaders';
import { renderPage } from '../render';
import { apiFailure, type Status } from '../kit/failures';

/**
 * Public libraries (issue 17, spec §2 library finder and library card entry): /libraries (the
 * finder, a GET form), /libraries/{slug} (a library's page), /libraries/{slug}/card (card sign-in,
 * with an account made in the same form for guests), /libraries/me (cards, tickets left, loans with
 * their countdown), POST /content/{slug}/borrow (one ticket, a 72-hour loan, then the player), and
 * /librarian with its CSV export for librarians.
 */

type Ctx = Context<AppEnv>;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const validSlug = (slug: string): boolean => SLUG.test(slug) && slug.length <= 120;
const withLang = (c: Ctx, path: string): string => forProfile(c, `${path}${path.includes('?') ? '&' : '?'}lang=${c.get('lang')}`);
const notFound = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);

async function finder(c: Ctx) {
  const t = translate(c.get('lang'));
  const q = (c.req.query('q') ?? '').slice(0, 200);
  const data = await serverApi(c).request(withLang(c, `/pages/libraries?q=${encodeURIComponent(q)}`), (v) => LibraryFinder.parse(v));
  return renderPage(c, <FinderPage finder={data} loggedIn={loggedIn(c) !== null} />, { title: q ? `${q} · ${t('LIBRARIES_TITLE')}` : t('LIBRARIES_TITLE'), description: t('LIBRARIES_INTRO') });
}

async function libraryPage(c: Ctx, slug: string) {
  const api = serverApi(c);
  const member = loggedIn(c) !== null;
  const [data, mine] = await Promise.all([
    api.request(withLang(c, `/pages/libraries/${slug}`), (v) => LibraryPageData.parse(v)).catch((error: unknown) => (notFound(error) ? null : Promise.reject(error))),
    member ? api.request(withLang(c, '/libraries/me'), (v) => MyLibraries.parse(v)).catch(() => null) : Promise.resolve(null),
  ]);
  if (!data) return c.notFound();
  const loans = mine ? mine.loans.filter((l) => l.library.slug === slug) : null;
  return renderPage(c, <LibraryPage data={data} loans={loans} now={mine?.now ?? new Date().toISOString()} />, { title: data.library.name, description: data.library.landing });
}

async function cardForm(c: Ctx, slug: string, state?: FormState, status: Status = 200, member = loggedIn(c) !== null) {
  const t = translate(c.get('lang'));
  const data = await serverApi(c)
    .request(withLang(c, `/pages/libraries/${slug}`), (v) => LibraryPageData.parse(v))
    .catch((error: unknown) => (notFound(error) ? null : Promise.reject(error)));
  if (!data) return c.notFound();
  return renderForm(c, <CardPage library={data.library} loggedIn={member} state={state} />, { title: `${t('LIBRARY_CARD_TITLE')} · ${data.library.name}` }, status, state);
}

/** POST /libraries/{slug}/card: a guest's account first (register, then log in), then the card through the API. */
async function addCard(c: Ctx, slug: string) {
  // The body first: a truncated or oversized one is 400/413 whatever the address (worker/pages/form.test.ts).
  const form = await readForm(c);
  if (!validSlug(slug)) return c.notFound();
  const cardNumber = (form.cardNumber ?? '').trim();
  const pin = form.pin ?? '';
  const values = { cardNumber };
  const errors = { cardNumber: cardNumber ? undefined : 'LIBRARY_CARD_NUMBER_REQUIRED', pin: pin ? undefined : 'LIBRARY_CARD_PIN_REQUIRED' };
  // A guest's account made in this form: the email it was made with, named when the card is then refused.
  let madeFor: string | null = null;
  if (!loggedIn(c)) {
    const email = (form.email ?? '').trim().toLowerCase();
    const password = form.password ?? '';
    const terms = form.terms ? '1' : '';
    // Spec §5: the terms must be accepted, as on /register.
    const account = {
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? undefined : 'VALID_EMAIL_REQUIRED',
      password: password ? undefined : 'PASSWORD_CONDITION',
      terms: terms ? undefined : 'TERMS_REQUIRED',
    };
    if (Object.values({ ...errors, ...account }).some(Boolean)) return cardForm(c, slug, { values: { ...values, email, terms }, errors: { ...errors, ...account } }, 400);
    const created = await callApi(c, '/auth/register', 'POST', { email, password, profile: {} }).catch(asApiError);
    if (created instanceof ApiError) {
      const { key, status } = apiFailure(created);
      const field = key === 'EMAIL_ALREADY_USED' || key === 'VALID_EMAIL_REQUIRED' ? 'email' : key.startsWith('PASSWORD') ? 'password' : null;
      return cardForm(c, slug, field ? { values: { ...values, email }, errors: { [field]: key } } : { values: { ...values, email }, message: { kind: 'danger', key } }, status);
    }
    const failure = await login(c, { login: email, password });
    if (failure) return toLogin(c, `/libraries/${slug}/card`);
    addFlash(c, { kind: 'success', key: 'ACCOUNT_CREATED' });
    madeFor = email;
  } else if (Object.values(errors).some(Boolean)) {
    return cardForm(c, slug, { values, errors }, 400);
  }
  try {
    await callApi(c, `/libraries/${slug}/card?lang=${c.get('lang')}`, 'POST', { cardNumber, pin });
    return done(c, 'LIBRARY_CARD_ADDED', `/libraries/${slug}`);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, `/libraries/${slug}/card`);
    const { key, status } = apiFailure(error);
    const params = error instanceof ApiError && typeof error.body.delay === 'number' ? { delay: error.body.delay } : undefined;
    // Made in this form: the page is now the account's (logged in), and names it, so nothing is typed twice.
    if (madeFor) return cardForm(c, slug, { values: { ...values, email: madeFor }, message: { kind: 'danger', key, params } }, status, true);
    return cardForm(c, slug, { values, message: { kind: 'danger', key, params } }, status);
  }
}

async function myLibraries(c: Ctx) {
  const t = translate(c.get('lang'));
  try {
    const data = await serverApi(c).request(withLang(c, '/libraries/me'), (v) => MyLibraries.parse(v));
    return renderForm(c, <MyLibrariesPage data={data} />, { title: t('MY_LIBRARIES') });
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, '/libraries/me');
    throw error;
  }
}

async function removeCard(c: Ctx, id: string) {
  await readForm(c);
  if (!/^\d{1,12}$/.test(id)) return c.notFound();
  try {
    await callApi(c, `/libraries/cards/${id}`, 'DELETE');
    return done(c, 'LIBRARY_CARD_REMOVED', '/libraries/me');
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, '/libraries/me');
    addFlash(c, { kind: 'danger', key: apiFailure(error).key });
    return c.redirect('/libraries/me', 303);
  }
}

/** POST /content/{slug}/borrow: one library ticket opens the title for 72 hours, then the player; a refusal comes back to the title with its message. */
async function borrow(c: Ctx, slug: string) {
  await readForm(c);
  if (!validSlug(slug)) return c.notFound();
  try {
    const answer = await callApi(c, withLang(c, '/libraries/loans'), 'POST', { contentSlug: slug });
    return done(c, answer.spent === false ? 'LIBRARY_ALREADY_BORROWED' : 'LIBRARY_BORROWED', `/player/${slug}`);
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, `/content/${slug}`);
    addFlash(c, { kind: 'danger', key: apiFailure(error).key });
    return c.redirect(`/content/${slug}`, 303);
  }
}

async function usage(c: Ctx, month: string | undefined) {
  const query = month && /^\d{4}-\d{2}$/.test(month) ? `?month=${month}` : '';
  return serverApi(c).request(withLang(c, `/librarian/usage${query}`), (v) => LibrarianUsage.parse(v));
}

async function librarian(c: Ctx, csv: boolean) {
  const t = translate(c.get('lang'));
  if (!loggedIn(c)) return toLogin(c, csv ? '/librarian' : `/librarian${new URL(c.req.url).search}`);
  let data: LibrarianUsage;
  try {
    data = await usage(c, c.req.query('month'));
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, '/librarian');
    if (error instanceof ApiError && error.status === 403) {
      if (csv) return c.text(t('NOT_A_LIBRARIAN'), 403);
      return renderForm(c, <p className="page toast toast--danger" role="alert">{t('NOT_A_LIBRARIAN')}</p>, { title: t('LIBRARIAN_TITLE') }, 403);
    }
    throw error;
  }
  if (!csv) return renderForm(c, <LibrarianPage usage={data} />, { title: `${t('LIBRARIAN_TITLE')} · ${data.library.name}` });
  const rows = [['month', 'library', 'title', 'slug', 'loans', 'patrons'], ...data.titles.map((x) => [data.month, data.library.name, x.name, x.slug, x.loans, x.patrons])];
  return c.body(`\uFEFF${toCsv(rows)}`, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="usage-${data.library.slug}-${data.month}.csv"`,
    'Cache-Control': 'private, no-store',
  });
}

export const libraryPages = new Hono<AppEnv>()
  .get('/libraries', finder)
  .get('/libraries/me', myLibraries)
  .post('/libraries/cards/:id/remove', (c) => (loggedIn(c) ? removeCard(c, c.req.param('id')) : toLogin(c, '/libraries/me')))
  .get('/libraries/:slug', (c) => (validSlug(c.req.param('slug')) ? libraryPage(c, c.req.param('slug')) : c.notFound()))
  .get('/libraries/:slug/card', (c) => (validSlug(c.req.param('slug')) ? cardForm(c, c.req.param('slug')) : c.notFound()))
  .post('/libraries/:slug/card', (c) => addCard(c, c.req.param('slug')))
  .post('/content/:slug/borrow', (c) => (loggedIn(c) ? borrow(c, c.req.param('slug')) : toLogin(c, `/content/${c.req.param('slug')}`)))
  .get('/librarian', (c) => librarian(c, false))
  .get('/librarian/usage.csv', (c) => librarian(c, true));
