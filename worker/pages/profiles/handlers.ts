import type { ProfilesData } from '../../../client/pages/profiles/ProfileCards';
import type { FormState } from '../../../client/components/FormState';
import type { Profile, User } from '../../api/auth/schemas';
import type { Rating } from '../../api/pages/schemas';
import { ApiError, asApiError, callApi } from '../../session/auth';
import { sessionEnded } from '../kit/account';
import type { Ctx, Form } from '../kit/page';
import { errorKey, failureState } from '../kit/failures';
import { loadProfilesData } from './data';

/**
 * What the profile pages (/profiles/*, ./routes.tsx) and the per-profile settings pages
 * (/settings/restrictions, /settings/lock: worker/pages/settings/profiles.tsx) share: API calls
 * whose fatal failures end the page (`profileRefused`), and the form's state after a failure.
 */

export type Body = Record<string, string | boolean | null>;

/** API failures that end the page rather than the form: session ended, kids profile, someone else's profile. */
export const isFatal = (error: ApiError): boolean =>
  sessionEnded(error) || (error.status === 403 && error.message.startsWith('KIDS_PROFILE')) || (error.status === 404 && error.message.startsWith('PROFILE_NOT_FOUND'));

/** The refusals that end a profile page: a kids profile goes home, someone else's profile is not found. */
export function profileRefused(error: ApiError, { c }: { c: Ctx }): Response | Promise<Response> | undefined {
  if (!isFatal(error)) return undefined;
  if (error.status === 403) return c.redirect('/', c.req.method === 'GET' ? 302 : 303);
  return c.notFound();
}

/** Calls the API; a failure the form shows is answered as an ApiError, a fatal one is thrown on. */
export async function send(c: Ctx, path: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown): Promise<Record<string, unknown> | ApiError> {
  const answer = await callApi(c, path, method, body).catch(asApiError);
  if (answer instanceof ApiError && isFatal(answer)) throw answer;
  return answer;
}

/**
 * A form's state after an API failure: `KEY: field` validation answers go on their field when the
 * form has it (the API's `password` is the form's `current_password`), else failureState decides.
 */
export function failure(error: ApiError, fields: string[], values?: Form): FormState {
  const key = errorKey(error.message);
  const detail = error.message.split(':')[1]?.trim() ?? '';
  const field = detail === 'password' ? 'current_password' : detail;
  if (key !== 'ERROR_OCCURRED' && fields.includes(field)) return { values, errors: { [field]: key } };
  return failureState(key, fields, values);
}

/** The `:id` of the path, if it is a profile id. */
export function idParam(c: Ctx): number | null {
  const id = Number(c.req.param('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The account's profiles and the one of the path (null: not one of this account's). */
export async function withProfile(c: Ctx, user: User, id: number | null): Promise<{ data: ProfilesData; profile: Profile | null; main: boolean }> {
  const data = await loadProfilesData(c, user);
  const profile = data.profiles.find((p) => p.id === id) ?? null;
  return { data, profile, main: profile !== null && data.profiles[0]?.id === profile.id };
}

export const ratingAges = (ratings: Rating[]): number[] => ratings.map((r) => r.rating).filter((n) => n > 0);

export const hasAny = (errors: Record<string, string>): boolean => Object.keys(errors).length > 0;
