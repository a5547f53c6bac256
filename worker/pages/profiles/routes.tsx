import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import { DeleteProfilePage } from '../../../client/pages/profiles/DeleteProfilePage';
import { LockPage } from '../../../client/pages/profiles/LockPage';
import type { ProfilesData } from '../../../client/pages/profiles/ProfileCards';
import {
  DETAIL_FIELDS,
  DETAIL_MAX,
  GENDERS,
  PROFILE_FIELDS,
  PROFILE_NAME_MAX,
  ProfileFormPage,
} from '../../../client/pages/profiles/ProfileFormPage';
import { ProfilesPage } from '../../../client/pages/profiles/ProfilesPage';
import type { ProfileFormFailure } from '../../../client/pages/profiles/layout';
import { RestrictionsPage } from '../../../client/pages/profiles/RestrictionsPage';
import type { FormState } from '../../../client/pages/settings/forms';
import { NO_AGE_RESTRICTION, settleAgeRestriction } from '../../rules/age';
import { AVATARS, isAvatar } from '../../rules/avatars';
import { checkPin } from '../../rules/pin';
import type { Profile, User } from '../../api/auth/schemas';
import type { Rating } from '../../api/pages/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { ApiError, asApiError, callApi } from '../../session/auth';
import { addFlash, setProfileCookie } from '../../session/cookies';
import { done, loggedIn, sessionEnded, toLogin } from '../account';
import { readForm, renderForm } from '../form';
import { errorKey, failureState, failureStatus } from '../settings/errors';
import { loadProfilesData } from './data';

/**
 * Profile management (issue 4; spec §2 /profiles, /settings/restrictions, /settings/lock; §3
 * Profile; §5 PIN and age restriction; §6 profile owner). Plain HTML forms posted here, in the
 * style of the settings pages: checked first (bad input: its message, 400, nothing sent), then sent
 * to the profile API (worker/api/profiles); success redirects (303) with a flash toast, failure
 * re-renders the form with the API's translated message and its status. Re-rendered forms keep
 * what was typed, never a password or PIN.
 * A guest goes to login; a kids profile (403 KIDS_PROFILE) goes home; a profile that is not one of
 * the account's (404 PROFILE_NOT_FOUND) is the 404 page.
 */

type Ctx = Context<AppEnv>;
type Form = Record<string, string>;
type Body = Record<string, string | boolean | null>;

const t = (c: Ctx) => translate(c.get('lang'));

/** API failures that end the page rather than the form: session ended, kids profile, someone else's profile. */
const isFatal = (error: ApiError): boolean =>
  sessionEnded(error) || (error.status === 403 && error.message.startsWith('KIDS_PROFILE')) || (error.status === 404 && error.message.startsWith('PROFILE_NOT_FOUND'));

/** Runs a page handler for a logged-in user; fatal API failures become their redirect or page. */
function page(handler: (c: Ctx, user: User) => Promise<Response>) {
  return async (c: Ctx): Promise<Response> => {
    const user = loggedIn(c);
    if (!user) return toLogin(c, c.req.path);
    try {
      return await handler(c, user);
    } catch (error) {
      if (!(error instanceof ApiError) || !isFatal(error)) throw error;
      if (sessionEnded(error)) return toLogin(c, c.req.path);
      if (error.status === 403) return c.redirect('/', c.req.method === 'GET' ? 302 : 303);
      return c.notFound();
    }
  };
}

/** Calls the API; a failure the form shows is answered as an ApiError, a fatal one is thrown on. */
async function send(c: Ctx, path: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown): Promise<Record<string, unknown> | ApiError> {
  const answer = await callApi(c, path, method, body).catch(asApiError);
  if (answer instanceof ApiError && isFatal(answer)) throw answer;
  return answer;
}

/**
 * A form's state after an API failure: `KEY: field` validation answers go on their field when the
 * form has it (the API's `password` is the form's `current_password`), else failureState decides.
 */
function failure(error: ApiError, fields: string[], values?: Form): FormState {
  const key = errorKey(error.message);
  const detail = error.message.split(':')[1]?.trim() ?? '';
  const field = detail === 'password' ? 'current_password' : detail;
  if (key !== 'ERROR_OCCURRED' && fields.includes(field)) return { values, errors: { [field]: key } };
  return failureState(key, fields, values);
}

const render = (c: Ctx, element: ReactElement, title: string, status: ContentfulStatusCode = 200, state?: FormState) =>
  renderForm(c, element, { title: t(c)(title) }, status, state);

/** The `:id` of the path, if it is a profile id. */
function idParam(c: Ctx): number | null {
  const id = Number(c.req.param('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The account's profiles and the one of the path (null: not one of this account's). */
async function withProfile(c: Ctx, user: User, id: number | null): Promise<{ data: ProfilesData; profile: Profile | null; main: boolean }> {
  const data = await loadProfilesData(c, user);
  const profile = data.profiles.find((p) => p.id === id) ?? null;
  return { data, profile, main: profile !== null && data.profiles[0]?.id === profile.id };
}

const ratingAges = (ratings: Rating[]): number[] => ratings.map((r) => r.rating).filter((n) => n > 0);

// ---------- the profile form (new and edit) ----------

/**
 * The posted profile form checked as the API will (spec §3, §5): its values (to show again), the
 * API body and the errors found. Personal details go as null when emptied.
 */
function readProfileForm(form: Form, ratings: Rating[], mainProfile: boolean): { values: Form; body: Body; details: Body; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = (form.name ?? '').trim();
  if (!name) errors.name = 'NAME_REQUIRED';
  else if (name.length > PROFILE_NAME_MAX) errors.name = 'NAME_TOO_LONG';
  const picture = isAvatar(form.picture ?? '') ? (form.picture as string) : AVATARS[0];
  const isKid = form.is_kid === '1' && !mainProfile;
  const requested = form.age_restriction ?? NO_AGE_RESTRICTION;
  const settled = settleAgeRestriction(isKid, requested, ratingAges(ratings));
  if ('error' in settled) errors.age_restriction = settled.error;
  const values: Form = { name, picture, is_kid: isKid ? '1' : '', age_restriction: requested, autoplay: form.autoplay === '1' ? '1' : '' };
  const details: Body = {};
  for (const field of DETAIL_FIELDS) {
    const value = (form[field] ?? '').trim();
    values[field] = value;
    details[field] = value === '' ? null : value;
    if (value.length > DETAIL_MAX[field]) errors[field] = 'FIELD_TOO_LONG';
  }
  if (values.gender && !(GENDERS as readonly string[]).includes(values.gender)) errors.gender = 'FIELD_TOO_LONG';
  if (values.birth && !validBirth(values.birth)) errors.birth = 'INVALID_DATE';
  const body: Body = { name, picture, is_kid: isKid, age_restriction: requested, autoplay: values.autoplay === '1' };
  return { values, body, details, errors };
}

/** A birth date: a real calendar day (YYYY-MM-DD), not in the future. */
function validBirth(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value <= new Date().toISOString().slice(0, 10);
}

const hasAny = (errors: Record<string, string>): boolean => Object.keys(errors).length > 0;

/** The empty form; with the account already at the limit, it says so at once. */
async function renderNew(c: Ctx, user: User) {
  const { profiles, ratings, max } = await loadProfilesData(c, user);
  const state: FormState | undefined = profiles.length >= max ? { message: { kind: 'danger', key: 'PROFILE_LIMIT_REACHED' } } : undefined;
  return render(c, <ProfileFormPage ratings={ratings} state={state} />, 'ADD_PROFILE');
}

async function create(c: Ctx, user: User) {
  const form = await readForm(c);
  const { ratings } = await loadProfilesData(c, user);
  const { values, body, details, errors } = readProfileForm(form, ratings, false);
  const again = (state: FormState, status: ContentfulStatusCode) =>
    render(c, <ProfileFormPage ratings={ratings} state={state} />, 'ADD_PROFILE', status, state);
  if (hasAny(errors)) return again({ values, errors }, 400);
  const created = await send(c, '/auth/profiles', 'POST', body);
  if (created instanceof ApiError) return again(failure(created, PROFILE_FIELDS, values), failureStatus(created));
  // POST /auth/profiles takes the essentials; the optional personal details follow with a PUT.
  const id = created.id;
  if (typeof id === 'number' && Object.values(details).some((v) => v !== null)) {
    const saved = await send(c, `/auth/profiles/${id}`, 'PUT', details);
    if (saved instanceof ApiError) {
      addFlash(c, { kind: 'danger', key: errorKey(saved.message) });
      return c.redirect(`/profiles/${id}/edit`, 303);
    }
  }
  // With a second profile the pages would ask who is watching: whoever just created it still is.
  if (c.get('profileChosen') !== true) setProfileCookie(c, user.profile.id);
  return done(c, 'PROFILE_CREATED', '/profiles');
}

async function renderEdit(c: Ctx, user: User) {
  const { data, profile, main } = await withProfile(c, user, idParam(c));
  if (!profile) return c.notFound();
  return render(c, <ProfileFormPage profile={profile} main={main} ratings={data.ratings} />, 'EDIT_PROFILE');
}

async function edit(c: Ctx, user: User) {
  const form = await readForm(c);
  const { data, profile, main } = await withProfile(c, user, idParam(c));
  if (!profile) return c.notFound();
  const { values, body, details, errors } = readProfileForm(form, data.ratings, main);
  const again = (state: FormState, status: ContentfulStatusCode) =>
    render(c, <ProfileFormPage profile={profile} main={main} ratings={data.ratings} state={state} />, 'EDIT_PROFILE', status, state);
  // Spec §6: the kids flag and the age restriction are parental control, behind the account password.
  const parental = body.is_kid !== profile.is_kid || body.age_restriction !== profile.age_restriction;
  const password = form.current_password ?? '';
  if (parental && !password && !errors.age_restriction) errors.current_password = 'PASSWORD_FOR_PARENTAL_CONTROL';
  if (hasAny(errors)) return again({ values, errors }, 400);
  const changes: Body = { ...body, ...details };
  if (parental) changes.password = password;
  else {
    // Unchanged parental settings are not sent: the rest needs no password.
    delete changes.is_kid;
    delete changes.age_restriction;
  }
  const saved = await send(c, `/auth/profiles/${profile.id}`, 'PUT', changes);
  if (saved instanceof ApiError) return again(failure(saved, PROFILE_FIELDS, values), failureStatus(saved));
  return done(c, 'PROFILE_UPDATED', '/profiles');
}

// ---------- deleting ----------

async function renderDelete(c: Ctx, user: User) {
  const { data, profile, main } = await withProfile(c, user, idParam(c));
  if (!profile) return c.notFound();
  return render(c, <DeleteProfilePage profile={profile} user={user} ratings={data.ratings} main={main} />, 'DELETE_PROFILE');
}

async function remove(c: Ctx, user: User) {
  const form = await readForm(c);
  const { data, profile, main } = await withProfile(c, user, idParam(c));
  if (!profile) return c.notFound();
  // The password comes with the confirmation step; a bare post goes to that page.
  if (form.confirmed !== '1') return c.redirect(`/profiles/${profile.id}/delete`, 303);
  const again = (state: FormState, status: ContentfulStatusCode) =>
    render(c, <DeleteProfilePage profile={profile} user={user} ratings={data.ratings} main={main} state={state} />, 'DELETE_PROFILE', status, state);
  const password = form.current_password ?? '';
  if (profile.pin_is_activated && !password) return again({ errors: { current_password: 'ALL_FIELDS_REQUIRED' } }, 400);
  const answer = await send(c, `/auth/profiles/${profile.id}`, 'DELETE', profile.pin_is_activated ? { password } : {});
  if (answer instanceof ApiError) return again(failure(answer, ['current_password']), failureStatus(answer));
  return done(c, 'PROFILE_DELETED', '/profiles');
}

// ---------- parental control and locks ----------

/**
 * A settings page with one form per profile (hidden field `profile`), each sent with the account
 * password to PUT /auth/profiles/{id}/{endpoint}. `check` reads the rest of the form: the errors
 * found, the values to show again, the API body and the success toast.
 */
type PerProfileSettings = {
  path: string;
  name: string;
  title: string;
  endpoint: string;
  fields: string[];
  view: (data: ProfilesData, failed?: ProfileFormFailure) => ReactElement;
  check: (form: Form, profile: Profile, data: ProfilesData) => { errors: Record<string, string>; values?: Form; body: Body; toast: string };
};

function perProfileSettings(settings: PerProfileSettings) {
  const show = async (c: Ctx, user: User, failed?: ProfileFormFailure, status: ContentfulStatusCode = 200, data?: ProfilesData) =>
    render(c, settings.view(data ?? (await loadProfilesData(c, user)), failed), settings.title, status, failed?.state);
  const save = async (c: Ctx, user: User) => {
    const form = await readForm(c);
    const data = await loadProfilesData(c, user);
    const profile = data.profiles.find((p) => p.id === Number(form.profile));
    if (!profile) return c.notFound();
    const { errors, values, body, toast } = settings.check(form, profile, data);
    if (!form.current_password) errors.current_password = 'ALL_FIELDS_REQUIRED';
    const fail = (state: FormState, status: ContentfulStatusCode) => show(c, user, { id: profile.id, state }, status, data);
    if (hasAny(errors)) return fail({ values, errors }, 400);
    const answer = await send(c, `/auth/profiles/${profile.id}/${settings.endpoint}`, 'PUT', { ...body, password: form.current_password });
    if (answer instanceof ApiError) return fail(failure(answer, settings.fields, values), failureStatus(answer));
    return done(c, toast, `${settings.path}#${settings.name}-${profile.id}`);
  };
  return { get: page((c, user) => show(c, user)), post: page(save) };
}

/** /settings/restrictions: parental control, one maturity limit per profile (kids: at most 12). */
const restrictions = perProfileSettings({
  path: '/settings/restrictions',
  name: 'restriction',
  title: 'PARENTAL_CONTROL',
  endpoint: 'restriction',
  fields: ['age_restriction', 'current_password'],
  view: (data, failed) => <RestrictionsPage data={data} failed={failed} />,
  check(form, profile, data) {
    const requested = form.age_restriction ?? '';
    const settled = settleAgeRestriction(profile.is_kid, requested, ratingAges(data.ratings));
    const errors: Record<string, string> = 'error' in settled ? { age_restriction: settled.error } : {};
    return { errors, values: { age_restriction: requested }, body: { age_restriction: requested }, toast: 'PROFILE_UPDATED' };
  },
});

/** /settings/lock: set or change a profile's 4-digit PIN (intent 'set'), or remove it (intent 'remove'). */
const locks = perProfileSettings({
  path: '/settings/lock',
  name: 'lock',
  title: 'PROFILE_LOCK',
  endpoint: 'pin',
  fields: ['pin', 'current_password'],
  view: (data, failed) => <LockPage data={data} failed={failed} />,
  check(form) {
    const removing = form.intent === 'remove';
    const pin = form.pin ?? '';
    const problem = removing ? null : checkPin(pin);
    const errors: Record<string, string> = problem ? { pin: problem } : {};
    return { errors, body: { pin: removing ? null : pin }, toast: removing ? 'PIN_REMOVED' : 'PIN_SAVED' };
  },
});

export const profilePages = new Hono<AppEnv>()
  .get(
    '/profiles',
    page(async (c, user) => render(c, <ProfilesPage data={await loadProfilesData(c, user)} />, 'TITLE_PROFILES')),
  )
  .get('/profiles/new', page((c, user) => renderNew(c, user)))
  .post('/profiles/new', page(create))
  .get('/profiles/:id/edit', page(renderEdit))
  .post('/profiles/:id/edit', page(edit))
  .get('/profiles/:id/delete', page(renderDelete))
  .post('/profiles/:id/delete', page(remove))
  .get('/settings/restrictions', restrictions.get)
  .post('/settings/restrictions', restrictions.post)
  .get('/settings/lock', locks.get)
  .post('/settings/lock', locks.post);
