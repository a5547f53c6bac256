import { Hono, type Context } from 'hono';
import { WHOS_WATCHING_PATH } from '../../../client/components/links';
import { WhosWatchingPage, WhosWatchingPinPage } from '../../../client/pages/profiles/WhosWatching';
import type { FormState } from '../../../client/components/FormState';
import { profileCard } from '../../../client/profiles/display';
import { pinError } from '../../../client/profiles/pin';
import { checkPin } from '../../rules/pin';
import type { User } from '../../api/auth/schemas';
import { safeReturnPath } from '../../rules/return-path';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { ApiError, asApiError, numberIn } from '../../session/auth';
import { setProfileCookie } from '../../session/cookies';
import { loggedIn, sessionEnded, toLogin } from '../kit/account';
import { readForm, renderForm } from '../form';
import { serverApi } from '../loaders';
import { errorKey, failureStatus } from '../kit/failures';

/**
 * /whoswatching (spec §2, §4): the profile chooser, working without JavaScript. Each profile is a
 * button of a form posted here: GET auth/user?profile=id makes it the session's profile, then the
 * `profile` cookie is set and the visitor goes back to `redirect` (a same-site path, else '/').
 * A locked profile (403 PROFILE_LOCKED) gets the PIN page, posted to /whoswatching/pin: GET
 * auth/profile/pin?pin=&id=, whose failures are spec §8's PIN check messages. With JavaScript the
 * profile-chooser island does the same through /api and a PIN dialog.
 */

type Ctx = Context<AppEnv>;
type Status = 200 | 400 | 403 | 404 | 409 | 429 | 500 | 502;

const PIN_PATH = `${WHOS_WATCHING_PATH}/pin`;

/** Where to go once a profile is chosen: the `redirect` parameter when it is a same-site path (not the chooser), else '/'. */
export const returnPath = (value: string | undefined): string => safeReturnPath(value ?? '/', WHOS_WATCHING_PATH);

const profileIdOf = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const chooserUrl = (redirect: string): string => (redirect === '/' ? WHOS_WATCHING_PATH : `${WHOS_WATCHING_PATH}?redirect=${encodeURIComponent(redirect)}`);

function renderChooser(c: Ctx, user: User, redirect: string, status: Status = 200, message?: FormState['message']) {
  const t = translate(c.get('lang'));
  const page = <WhosWatchingPage profiles={user.profiles.map((p) => profileCard(p, user))} redirect={redirect} manage={!user.profile.is_kid} message={message} />;
  return renderForm(c, page, { title: t('TITLE_WHOSWATCHING'), description: t('DESCRIPTION_WHOSWATCHING'), bar: 'simple', footer: false }, status);
}

function renderPin(c: Ctx, user: User, id: number, redirect: string, status: Status = 200, state?: FormState) {
  const profile = user.profiles.find((p) => p.id === id);
  if (!profile) return renderChooser(c, user, redirect, 404, { kind: 'danger', key: 'PROFILE_NOT_FOUND' });
  const page = <WhosWatchingPinPage profile={profileCard(profile, user)} redirect={redirect} state={state} />;
  return renderForm(c, page, { title: translate(c.get('lang'))('PIN_DIALOG_TITLE'), bar: 'simple', footer: false }, status);
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

/** A posted choice (`id`, `redirect`) of a logged-in visitor; guests go to login, a bad id back to the chooser. */
async function readChoice(c: Ctx): Promise<Response | { user: User; redirect: string; id: number; form: Record<string, string> }> {
  const user = loggedIn(c);
  if (!user) return toLogin(c, WHOS_WATCHING_PATH);
  const form = await readForm(c);
  const redirect = returnPath(form.redirect);
  const id = profileIdOf(form.id);
  if (id === null) return renderChooser(c, user, redirect, 400, { kind: 'danger', key: 'PROFILE_NOT_FOUND' });
  return { user, redirect, id, form };
}

export const whosWatchingPages = new Hono<AppEnv>()
  .get(WHOS_WATCHING_PATH, (c) => {
    const user = loggedIn(c);
    if (!user) return toLogin(c, c.req.url.slice(new URL(c.req.url).origin.length));
    return renderChooser(c, user, returnPath(c.req.query('redirect')));
  })
  .post(WHOS_WATCHING_PATH, async (c) => {
    const posted = await readChoice(c);
    if (posted instanceof Response) return posted;
    const { user, redirect, id } = posted;
    const failure = await check(c, `/auth/user?profile=${id}`);
    if (!failure) return chosen(c, id, redirect);
    if (sessionEnded(failure)) return toLogin(c, chooserUrl(redirect));
    if (failure.status === 403 && failure.message.startsWith('PROFILE_LOCKED')) return renderPin(c, user, id, redirect);
    return renderChooser(c, user, redirect, failureStatus(failure), { kind: 'danger', key: errorKey(failure.message) });
  })
  // The PIN page is the answer of a POST; opened by itself (a reload, a language change) it goes back to the chooser.
  .get(PIN_PATH, (c) => c.redirect(chooserUrl(returnPath(c.req.query('redirect'))), 302))
  .post(PIN_PATH, async (c) => {
    const posted = await readChoice(c);
    if (posted instanceof Response) return posted;
    const { user, redirect, id, form } = posted;
    const pin = (form.pin ?? '').trim();
    const problem = checkPin(pin);
    if (problem) return renderPin(c, user, id, redirect, 400, { errors: { pin: problem } });
    const failure = await check(c, `/auth/profile/pin?pin=${encodeURIComponent(pin)}&id=${id}`);
    if (!failure) return chosen(c, id, redirect);
    if (sessionEnded(failure)) return toLogin(c, chooserUrl(redirect));
    // Spec §8 PIN check: 404 → CODE_WAS_INCORRECT, 429 → TOO_MANY_ATTEMPTS (with the wait), other → WHOSWATCHING_CODE_WAS_INCORRECT.
    const message = { kind: 'danger' as const, ...pinError(failure.status, numberIn(failure.body, 'delay')) };
    const status = failure.status === 404 ? 400 : failureStatus(failure);
    return renderPin(c, user, id, redirect, status, { message });
  });
