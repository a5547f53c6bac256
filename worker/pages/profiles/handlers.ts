import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import type { ProfilesData } from '../../../client/pages/profiles/ProfileCards';
import type { FormState } from '../../../client/components/FormState';
import type { Profile, User } from '../../api/auth/schemas';
import type { Rating } from '../../api/pages/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { ApiError, asApiError, callApi } from '../../session/auth';
import { loggedIn, sessionEnded, toLogin } from '../kit/account';
import { renderForm } from '../form';
import { errorKey, failureState } from '../kit/failures';
import { loadProfilesData } from './data';

/**
 * What the profile pages (/profiles/*, ./routes.tsx) and the per-profile settings pages
 * (/settings/restrictions, /settings/lock: worker/pages/settings/profiles.tsx) share: a logged-in
 * page, API calls whose fatal failures end the page, and the form's state after a failure.
 */

export type Ctx = Context<AppEnv>;
export type Form = Record<string, string>;
export type Body = Record<string, string | boolean | null>;

export const t = (c: Ctx) => translate(c.get('lang'));

/** API failures that end the page rather than the form: session ended, kids profile, someone else's profile. */
export const isFatal = (error: ApiError): boolean =>
  sessionEnded(error) || (error.status === 403 && error.message.startsWith('KIDS_PROFILE')) || (error.status === 404 && error.message.startsWith('PROFILE_NOT_FOUND'));

/** Runs a page handler for a logged-in user; fatal API failures become their redirect or page. */
export function page(handler: (c: Ctx, user: User) => Promise<Response>) {
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

/** `title` and, when the page has one (spec §2 page descriptions), `description` are translation keys. */
export const render = (c: Ctx, element: ReactElement, title: string, status: ContentfulStatusCode = 200, state?: FormState, description?: string) =>
  renderForm(c, element, { title: t(c)(title), description: description && t(c)(description) }, status, state);

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
