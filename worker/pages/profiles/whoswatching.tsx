import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { WHOS_WATCHING_PATH } from '../../../client/components/links';
import { WhosWatchingPage, WhosWatchingPinPage } from '../../../client/pages/profiles/WhosWatching';
import type { FormState } from '../../../client/components/FormState';
import { profileCard } from '../../rules/profiles';
import { pinError } from '../../rules/pin';
import { checkPin } from '../../rules/pin';
import type { User } from '../../api/auth/schemas';
import { safeReturnPath } from '../../rules/return-path';
import type { AppEnv } from '../../env';
import { ApiError, asApiError, numberIn } from '../../session/auth';
import { setProfileCookie } from '../../session/cookies';
import { definePage, formFailure, type Ctx, type Form, type PageArgs, type Shown, type View } from '../kit/page';
import { serverApi } from '../loaders';

/**
 * /whoswatching (spec §2, §4): the profile chooser, working without JavaScript. Each profile is a
 * button of a form posted here: GET auth/user?profile=id makes it the session's profile, then the
 * `profile` cookie is set and the visitor goes back to `redirect` (a same-site path, else '/').
 * A locked profile (403 PROFILE_LOCKED) gets the PIN page, posted to /whoswatching/pin: GET
 * auth/profile/pin?pin=&id=, whose failures are spec §8's PIN check messages. With JavaScript the
 * profile-chooser island does the same through /api and a PIN dialog.
 */

const PIN_PATH = `${WHOS_WATCHING_PATH}/pin`;

/** Where to go once a profile is chosen: the `redirect` parameter when it is a same-site path (not the chooser), else '/'. */
export const returnPath = (value: string | undefined): string => safeReturnPath(value ?? '/', WHOS_WATCHING_PATH);

const profileIdOf = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const chooserUrl = (redirect: string): string => (redirect === '/' ? WHOS_WATCHING_PATH : `${WHOS_WATCHING_PATH}?redirect=${encodeURIComponent(redirect)}`);

/** What the chooser shows after a post: a message, or the PIN page of a locked profile. */
type Choice = { redirect: string; message?: FormState['message']; pin?: { id: number; state?: FormState } };

function chooserView({ t, user }: PageArgs<'member'>, redirect: string, status?: ContentfulStatusCode, message?: FormState['message']): View {
  const element = <WhosWatchingPage profiles={user.profiles.map((p) => profileCard(p, user))} redirect={redirect} manage={!user.profile.is_kid} message={message} />;
  return { element, meta: { title: t('TITLE_WHOSWATCHING'), description: t('DESCRIPTION_WHOSWATCHING'), bar: 'simple', footer: false }, status };
}

function view(page: PageArgs<'member'>, { state, status }: Shown<Choice>): View {
  const { c, t, user } = page;
  if (!state) return chooserView(page, returnPath(c.req.query('redirect')));
  const { redirect, pin } = state;
  if (!pin) return chooserView(page, redirect, status, state.message);
  const profile = user.profiles.find((p) => p.id === pin.id);
  if (!profile) return chooserView(page, redirect, 404, { kind: 'danger', key: 'PROFILE_NOT_FOUND' });
  const element = <WhosWatchingPinPage profile={profileCard(profile, user)} redirect={redirect} state={pin.state} />;
  return { element, meta: { title: t('PIN_DIALOG_TITLE'), bar: 'simple', footer: false }, status };
}

/** The profile is chosen: the cookie remembers it (spec §3 client state `profile`), then back to where the visitor was going. */
function chosen(c: Ctx, id: number, redirect: string): Response {
  setProfileCookie(c, id);
  return c.redirect(redirect, 303);
}

/** A GET of the API through the proxy, as the visitor; answers null on success, else its failure. */
const check = (c: Ctx, path: string): Promise<ApiError | null> =>
  serverApi(c)
    .request(path, () => null)
    .catch(asApiError);

/** Logging in again brings the visitor back to the chooser, with where they were going. */
const back = (c: Ctx, form?: Form): string => (form ? chooserUrl(returnPath(form.redirect)) : c.req.url.slice(new URL(c.req.url).origin.length));

/** The chooser: a profile's button posts its id here. */
const chooser = definePage({
  path: WHOS_WATCHING_PATH,
  who: 'member',
  back,
  load: () => ({}),
  view: (_, page, shown: Shown<Choice>) => view(page, shown),
  async action({ c }, form): Promise<Response | Shown<Choice>> {
    const redirect = returnPath(form.redirect);
    const id = profileIdOf(form.id);
    if (id === null) return { state: { redirect, message: { kind: 'danger', key: 'PROFILE_NOT_FOUND' } }, status: 400 };
    const failure = await check(c, `/auth/user?profile=${id}`);
    if (!failure) return chosen(c, id, redirect);
    const { key, status } = formFailure(failure);
    if (failure.status === 403 && failure.message.startsWith('PROFILE_LOCKED')) return { state: { redirect, pin: { id } } };
    return { state: { redirect, message: { kind: 'danger', key } }, status };
  },
});

/** The PIN page is the answer of a POST; opened by itself (a reload, a language change) it goes back to the chooser. */
const pinPage = definePage({
  path: PIN_PATH,
  who: 'member',
  back,
  load: ({ c }, { state }: Shown<Choice>) => (state ? {} : c.redirect(chooserUrl(returnPath(c.req.query('redirect'))), 302)),
  view: (_, page, shown) => view(page, shown),
  async action({ c }, form): Promise<Response | Shown<Choice>> {
    const redirect = returnPath(form.redirect);
    const id = profileIdOf(form.id);
    if (id === null) return { state: { redirect, message: { kind: 'danger', key: 'PROFILE_NOT_FOUND' } }, status: 400 };
    const pin = (form.pin ?? '').trim();
    const problem = checkPin(pin);
    if (problem) return { state: { redirect, pin: { id, state: { errors: { pin: problem } } } }, status: 400 };
    const failure = await check(c, `/auth/profile/pin?pin=${encodeURIComponent(pin)}&id=${id}`);
    if (!failure) return chosen(c, id, redirect);
    const { status } = formFailure(failure);
    // Spec §8 PIN check: 404 → CODE_WAS_INCORRECT, 429 → TOO_MANY_ATTEMPTS (with the wait), other → WHOSWATCHING_CODE_WAS_INCORRECT.
    const message = { kind: 'danger' as const, ...pinError(failure.status, numberIn(failure.body, 'delay')) };
    return { state: { redirect, pin: { id, state: { message } } }, status: failure.status === 404 ? 400 : status };
  },
});

export const whosWatchingPages = new Hono<AppEnv>().route('/', chooser).route('/', pinPage);
