import { Hono } from 'hono';
import { CardPage } from '../../../client/pages/libraries/CardPage';
import { FinderPage } from '../../../client/pages/libraries/FinderPage';
import { LibrarianPage } from '../../../client/pages/libraries/LibrarianPage';
import { LibraryPage } from '../../../client/pages/libraries/LibraryPage';
import { MyLibrariesPage } from '../../../client/pages/libraries/MyLibrariesPage';
import type { FormState } from '../../../client/components/FormState';
import { LibrarianUsage, LibraryFinder, LibraryPage as LibraryPageData, MyLibraries } from '../../api/libraries/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../rules/api-client';
import { csvFile } from '../../rules/csv';
import { asApiError, callApi, login } from '../../session/auth';
import { addFlash } from '../../session/cookies';
import { done, toLogin } from '../kit/account';
import { defineAction, definePage, formFailure, type Ctx, type Form, type PageArgs, type Shown, type Who } from '../kit/page';
import { forProfile, serverApi } from '../loaders';
import type { Status } from '../kit/failures';

/**
 * Public libraries (issue 17, spec §2 library finder and library card entry): /libraries (the
 * finder, a GET form), /libraries/{slug} (a library's page), /libraries/{slug}/card (card sign-in,
 * with an account made in the same form for guests), /libraries/me (cards, tickets left, loans with
 * their countdown), POST /content/{slug}/borrow (one ticket, a 72-hour loan, then the player), and
 * /librarian with its CSV export for librarians.
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const validSlug = (slug: string): boolean => SLUG.test(slug) && slug.length <= 120;
const withLang = (c: Ctx, path: string): string => forProfile(c, `${path}${path.includes('?') ? '&' : '?'}lang=${c.get('lang')}`);
const notFound = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** The finder (a GET form, ?q=). */
const finder = definePage({
  path: '/libraries',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => {
    const q = (c.req.query('q') ?? '').slice(0, 200);
    return serverApi(c).request(withLang(c, `/pages/libraries?q=${encodeURIComponent(q)}`), (v) => LibraryFinder.parse(v)).then((data) => ({ q, data }));
  },
  view: ({ q, data }, { t, user }) => ({
    element: <FinderPage finder={data} loggedIn={user !== null} />,
    meta: { title: q ? `${q} · ${t('LIBRARIES_TITLE')}` : t('LIBRARIES_TITLE'), description: t('LIBRARIES_INTRO') },
  }),
});

/** The library of the path, or null when there is none (the 404 page). */
const libraryOf = (c: Ctx, slug: string) =>
  serverApi(c)
    .request(withLang(c, `/pages/libraries/${slug}`), (v) => LibraryPageData.parse(v))
    .catch((error: unknown) => (notFound(error) ? null : Promise.reject(error)));

const slugOf = (c: Ctx): string => c.req.param('slug') ?? '';

/** A library's page, with the member's loans from it. */
const library = definePage({
  path: '/libraries/:slug',
  who: 'anyone',
  indexed: true,
  load: async ({ c, user }) => {
    const slug = slugOf(c);
    if (!validSlug(slug)) return c.notFound();
    const [data, mine] = await Promise.all([
      libraryOf(c, slug),
      user ? serverApi(c).request(withLang(c, '/libraries/me'), (v) => MyLibraries.parse(v)).catch(() => null) : Promise.resolve(null),
    ]);
    if (!data) return c.notFound();
    return { data, loans: mine ? mine.loans.filter((l) => l.library.slug === slug) : null, now: mine?.now ?? new Date().toISOString() };
  },
  view: (props) => ({ element: <LibraryPage {...props} />, meta: { title: props.data.library.name, description: props.data.library.landing } }),
});

/** The card form's state after a post; `member` once a guest's account was made by it. */
type CardState = { form: FormState; member?: boolean };
const again = (form: FormState, status: Status, member?: boolean): Shown<CardState> => ({ state: { form, ...(member ? { member } : {}) }, status });

/** POST /libraries/{slug}/card: a guest's account first (register, then log in), then the card through the API. */
async function addCard(c: Ctx, slug: string, form: Form, member: boolean): Promise<Response | Shown<CardState>> {
  // The body was read first: a truncated or oversized one is 400/413 whatever the address (worker/pages/form.test.ts).
  if (!validSlug(slug)) return c.notFound();
  const cardNumber = (form.cardNumber ?? '').trim();
  const pin = form.pin ?? '';
  const values = { cardNumber };
  const errors = { cardNumber: cardNumber ? undefined : 'LIBRARY_CARD_NUMBER_REQUIRED', pin: pin ? undefined : 'LIBRARY_CARD_PIN_REQUIRED' };
  // A guest's account made in this form: the email it was made with, named when the card is then refused.
  let madeFor: string | null = null;
  if (!member) {
    const email = (form.email ?? '').trim().toLowerCase();
    const password = form.password ?? '';
    const terms = form.terms ? '1' : '';
    // Spec §5: the terms must be accepted, as on /register.
    const account = {
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? undefined : 'VALID_EMAIL_REQUIRED',
      password: password ? undefined : 'PASSWORD_CONDITION',
      terms: terms ? undefined : 'TERMS_REQUIRED',
    };
    if (Object.values({ ...errors, ...account }).some(Boolean)) return again({ values: { ...values, email, terms }, errors: { ...errors, ...account } }, 400);
    const created = await callApi(c, '/auth/register', 'POST', { email, password, profile: {} }).catch(asApiError);
    if (created instanceof ApiError) {
      const { key, status } = formFailure(created);
      const field = key === 'EMAIL_ALREADY_USED' || key === 'VALID_EMAIL_REQUIRED' ? 'email' : key.startsWith('PASSWORD') ? 'password' : null;
      return again(field ? { values: { ...values, email }, errors: { [field]: key } } : { values: { ...values, email }, message: { kind: 'danger', key } }, status);
    }
    // The account exists but could not log in: the login page takes over.
    if (await login(c, { login: email, password })) return toLogin(c, `/libraries/${slug}/card`);
    addFlash(c, { kind: 'success', key: 'ACCOUNT_CREATED' });
    madeFor = email;
  } else if (Object.values(errors).some(Boolean)) {
    return again({ values, errors }, 400);
  }
  try {
    await callApi(c, `/libraries/${slug}/card?lang=${c.get('lang')}`, 'POST', { cardNumber, pin });
    return done(c, 'LIBRARY_CARD_ADDED', `/libraries/${slug}`);
  } catch (error) {
    const { key, status } = formFailure(error);
    const params = error instanceof ApiError && typeof error.body.delay === 'number' ? { delay: error.body.delay } : undefined;
    // Made in this form: the page is now the account's (logged in), and names it, so nothing is typed twice.
    if (madeFor) return again({ values: { ...values, email: madeFor }, message: { kind: 'danger', key, params } }, status, true);
    return again({ values, message: { kind: 'danger', key, params } }, status);
  }
}

/** Card sign-in, with an account made in the same form for guests. */
const card = definePage({
  path: '/libraries/:slug/card',
  who: 'anyone',
  load: async ({ c }) => {
    const slug = slugOf(c);
    if (!validSlug(slug)) return c.notFound();
    return (await libraryOf(c, slug)) ?? c.notFound();
  },
  view: (data, { t, user }, { state, status }: Shown<CardState>) => ({
    element: <CardPage library={data.library} loggedIn={state?.member ?? user !== null} state={state?.form} />,
    meta: { title: `${t('LIBRARY_CARD_TITLE')} · ${data.library.name}` },
    status,
    errors: state?.form.errors,
  }),
  action: ({ c, user }, form) => addCard(c, slugOf(c), form, user !== null),
});

/** The member's cards, tickets left and loans with their countdown. */
const myLibraries = definePage({
  path: '/libraries/me',
  who: 'member',
  load: ({ c }) => serverApi(c).request(withLang(c, '/libraries/me'), (v) => MyLibraries.parse(v)),
  view: (data, { t }) => ({ element: <MyLibrariesPage data={data} />, meta: { title: t('MY_LIBRARIES') } }),
});

const removeCard = defineAction({
  path: '/libraries/cards/:id/remove',
  who: 'member',
  back: () => '/libraries/me',
  async action({ c }) {
    const id = c.req.param('id') ?? '';
    if (!/^\d{1,12}$/.test(id)) return c.notFound();
    try {
      await callApi(c, `/libraries/cards/${id}`, 'DELETE');
      return done(c, 'LIBRARY_CARD_REMOVED', '/libraries/me');
    } catch (error) {
      addFlash(c, { kind: 'danger', key: formFailure(error).key });
      return c.redirect('/libraries/me', 303);
    }
  },
});

/** POST /content/{slug}/borrow: one library ticket opens the title for 72 hours, then the player; a refusal comes back to the title with its message. */
const borrow = defineAction({
  path: '/content/:slug/borrow',
  who: 'member',
  back: (c) => `/content/${slugOf(c)}`,
  async action({ c }) {
    const slug = slugOf(c);
    if (!validSlug(slug)) return c.notFound();
    try {
      const answer = await callApi(c, withLang(c, '/libraries/loans'), 'POST', { contentSlug: slug });
      return done(c, answer.spent === false ? 'LIBRARY_ALREADY_BORROWED' : 'LIBRARY_BORROWED', `/player/${slug}`);
    } catch (error) {
      addFlash(c, { kind: 'danger', key: formFailure(error).key });
      return c.redirect(`/content/${slug}`, 303);
    }
  },
});

async function usage(c: Ctx, month: string | undefined) {
  const query = month && /^\d{4}-\d{2}$/.test(month) ? `?month=${month}` : '';
  return serverApi(c).request(withLang(c, `/librarian/usage${query}`), (v) => LibrarianUsage.parse(v));
}

/** Not a librarian: the page says so (the API decides, 403 NOT_A_LIBRARIAN). */
const notALibrarian = (error: ApiError, { c, t }: PageArgs<Who>) => {
  if (error.status !== 403) return undefined;
  if (c.req.path.endsWith('.csv')) return c.text(t('NOT_A_LIBRARIAN'), 403);
  return { element: <p className="page toast toast--danger" role="alert">{t('NOT_A_LIBRARIAN')}</p>, meta: { title: t('LIBRARIAN_TITLE') }, status: 403 as const };
};

/** The librarian's usage of their library, by month. */
const librarian = definePage({
  path: '/librarian',
  who: 'member',
  back: (c) => `/librarian${new URL(c.req.url).search}`,
  refused: notALibrarian,
  load: ({ c }) => usage(c, c.req.query('month')),
  view: (data, { t }) => ({ element: <LibrarianPage usage={data} />, meta: { title: `${t('LIBRARIAN_TITLE')} · ${data.library.name}` } }),
});

/** The same usage as CSV. */
const usageCsv = definePage({
  path: '/librarian/usage.csv',
  who: 'member',
  back: () => '/librarian',
  refused: notALibrarian,
  async load({ c }) {
    const data = await usage(c, c.req.query('month'));
    const rows = data.titles.map((x) => [data.month, data.library.name, x.name, x.slug, x.loans, x.patrons]);
    return c.body(`\uFEFF${csvFile(['month', 'library', 'title', 'slug', 'loans', 'patrons'], rows)}`, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="usage-${data.library.slug}-${data.month}.csv"`,
      'Cache-Control': 'private, no-store',
    });
  },
  view: (): never => {
    throw new Error('the CSV is answered by its loader');
  },
});

export const pages = new Hono<AppEnv>()
  .route('/', finder)
  .route('/', myLibraries)
  .route('/', removeCard)
  .route('/', library)
  .route('/', card)
  .route('/', borrow)
  .route('/', librarian)
  .route('/', usageCsv);
