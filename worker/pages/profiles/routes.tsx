import { isDataUsage } from '../../rules/data-usage';
import { Hono } from 'hono';
import { DeleteProfilePage } from '../../../client/pages/profiles/DeleteProfilePage';
import {
  DETAIL_FIELDS,
  DETAIL_MAX,
  GENDERS,
  PROFILE_FIELDS,
  PROFILE_NAME_MAX,
  ProfileFormPage,
} from '../../../client/pages/profiles/ProfileFormPage';
import { ProfilesPage } from '../../../client/pages/profiles/ProfilesPage';
import type { FormState } from '../../../client/components/FormState';
import { NO_AGE_RESTRICTION, settleAgeRestriction } from '../../rules/age';
import { AVATARS, isAvatar } from '../../rules/avatars';
import type { Profile, User } from '../../api/auth/schemas';
import type { Rating } from '../../api/pages/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../session/auth';
import { addFlash, setProfileCookie } from '../../session/cookies';
import { done } from '../kit/account';
import { errorKey, failureStatus } from '../kit/failures';
import { loadProfilesData } from './data';
import { definePage, type Ctx, type Form, type Shown } from '../kit/page';
import { failure, hasAny, idParam, profileRefused, ratingAges, send, withProfile, type Body } from './handlers';
import { whosWatchingPages } from './whoswatching';
import { CaptionBackground, CaptionSize } from '../../rules/captions';

/**
 * Profile management (issue 4; spec §2 /profiles (/settings/restrictions and /settings/lock: worker/pages/settings/profiles.tsx); §3
 * Profile; §5 PIN and age restriction; §6 profile owner). Plain HTML forms posted here, in the
 * style of the settings pages: checked first (bad input: its message, 400, nothing sent), then sent
 * to the profile API (worker/api/profiles); success redirects (303) with a flash toast, failure
 * re-renders the form with the API's translated message and its status. Re-rendered forms keep
 * what was typed, never a password or PIN.
 * A guest goes to login; a kids profile (403 KIDS_PROFILE) goes home; a profile that is not one of
 * the account's (404 PROFILE_NOT_FOUND) is the 404 page.
 */

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
  // The caption style (edit form only): sent when posted, refused when not one of the choices.
  for (const [field, schema, error] of [
    ['caption_size', CaptionSize, 'INVALID_CAPTION_SIZE'],
    ['caption_background', CaptionBackground, 'INVALID_CAPTION_BACKGROUND'],
  ] as const) {
    const posted = form[field];
    if (posted === undefined) continue;
    values[field] = posted;
    const parsed = schema.safeParse(posted);
    if (parsed.success) body[field] = parsed.data;
    else errors[field] = error;
  }
  return { values, body, details, errors };
}

/** A birth date: a real calendar day (YYYY-MM-DD), not in the future. */
function validBirth(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value <= new Date().toISOString().slice(0, 10);
}

/** The empty form; with the account already at the limit, it says so at once. */
const newProfile = definePage({
  path: '/profiles/new',
  who: 'member',
  refused: profileRefused,
  load: ({ c, user }) => loadProfilesData(c, user),
  view: ({ profiles, ratings, max }, { t }, { state, status }: Shown<FormState>) => {
    const shown: FormState | undefined = state ?? (profiles.length >= max ? { message: { kind: 'danger', key: 'PROFILE_LIMIT_REACHED' } } : undefined);
    return { element: <ProfileFormPage ratings={ratings} state={shown} />, meta: { title: t('ADD_PROFILE') }, status, errors: state?.errors };
  },
  async action({ c, user }, form) {
    const { ratings } = await loadProfilesData(c, user);
    const { values, body, details, errors } = readProfileForm(form, ratings, false);
    if (hasAny(errors)) return { state: { values, errors }, status: 400 };
    const created = await send(c, '/auth/profiles', 'POST', body);
    if (created instanceof ApiError) return { state: failure(created, PROFILE_FIELDS, values), status: failureStatus(created) };
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
  },
});

/** The profile of the path, or the 404 page when it is not one of the account's. */
async function pathProfile(c: Ctx, user: User) {
  const found = await withProfile(c, user, idParam(c));
  return found.profile ? { ...found, profile: found.profile } : c.notFound();
}

const editProfile = definePage({
  path: '/profiles/:id/edit',
  who: 'member',
  refused: profileRefused,
  load: ({ c, user }) => pathProfile(c, user),
  view: ({ data, profile, main }, { t }, { state, status }: Shown<FormState>) => ({
    element: <ProfileFormPage profile={profile} main={main} ratings={data.ratings} state={state} />,
    meta: { title: t('EDIT_PROFILE') },
    status,
    errors: state?.errors,
  }),
  async action({ c, user }, form) {
    const found = await pathProfile(c, user);
    if (found instanceof Response) return found;
    const { data, profile, main } = found;
    const { values, body, details, errors } = readProfileForm(form, data.ratings, main);
    // Spec §6: the kids flag and the age restriction are parental control, behind the account password.
    const parental = body.is_kid !== profile.is_kid || body.age_restriction !== profile.age_restriction;
    const password = form.current_password ?? '';
    if (parental && !password && !errors.age_restriction) errors.current_password = 'PASSWORD_FOR_PARENTAL_CONTROL';
    const usage = form.data_usage;
    values.data_usage = usage ?? profile.data_usage;
    if (usage !== undefined && !isDataUsage(usage)) errors.data_usage = 'INVALID_DATA_USAGE';
    if (hasAny(errors)) return { state: { values, errors }, status: 400 };
    const changes: Body = { ...body, ...details, ...(isDataUsage(usage) ? { data_usage: usage } : {}) };
    if (parental) changes.password = password;
    else {
      // Unchanged parental settings are not sent: the rest needs no password.
      delete changes.is_kid;
      delete changes.age_restriction;
    }
    const saved = await send(c, `/auth/profiles/${profile.id}`, 'PUT', changes);
    if (saved instanceof ApiError) return { state: failure(saved, PROFILE_FIELDS, values), status: failureStatus(saved) };
    return done(c, 'PROFILE_UPDATED', '/profiles');
  },
});

// ---------- deleting ----------

const deleteProfile = definePage({
  path: '/profiles/:id/delete',
  who: 'member',
  refused: profileRefused,
  load: ({ c, user }) => pathProfile(c, user),
  view: ({ data, profile, main }, { t, user }, { state, status }: Shown<FormState>) => ({
    element: <DeleteProfilePage profile={profile} user={user} ratings={data.ratings} main={main} state={state} />,
    meta: { title: t('DELETE_PROFILE') },
    status,
    errors: state?.errors,
  }),
  async action({ c, user }, form) {
    const found = await pathProfile(c, user);
    if (found instanceof Response) return found;
    const { profile } = found;
    // The password comes with the confirmation step; a bare post goes to that page.
    if (form.confirmed !== '1') return c.redirect(`/profiles/${profile.id}/delete`, 303);
    const password = form.current_password ?? '';
    if (profile.pin_is_activated && !password) return { state: { errors: { current_password: 'ALL_FIELDS_REQUIRED' } }, status: 400 };
    const answer = await send(c, `/auth/profiles/${profile.id}`, 'DELETE', profile.pin_is_activated ? { password } : {});
    if (answer instanceof ApiError) return { state: failure(answer, ['current_password']), status: failureStatus(answer) };
    return done(c, 'PROFILE_DELETED', '/profiles');
  },
});

const profileList = definePage({
  path: '/profiles',
  who: 'member',
  refused: profileRefused,
  load: ({ c, user }) => loadProfilesData(c, user),
  view: (data, { t }) => ({ element: <ProfilesPage data={data} />, meta: { title: t('TITLE_PROFILES'), description: t('DESCRIPTION_PROFILES') } }),
});

/** The profile pages and "Who's watching?" (./whoswatching.tsx). */
export const pages = new Hono<AppEnv>().route('/', profileList).route('/', newProfile).route('/', editProfile).route('/', deleteProfile).route('/', whosWatchingPages);
