import { Hono } from 'hono';
import type { ReactElement } from 'react';
import { LockPage } from '../../../client/pages/profiles/LockPage';
import type { ProfilesData } from '../../../client/pages/profiles/ProfileCards';
import type { ProfileFormFailure } from '../../../client/pages/profiles/layout';
import { RestrictionsPage } from '../../../client/pages/profiles/RestrictionsPage';
import { settleAgeRestriction } from '../../rules/age';
import { checkPin } from '../../rules/pin';
import type { Profile } from '../../api/auth/schemas';
import type { AppEnv } from '../../env';
import { ApiError } from '../../session/auth';
import { done } from '../kit/account';
import { loadProfilesData } from '../profiles/data';
import { failure, hasAny, profileRefused, ratingAges, send, type Body } from '../profiles/handlers';
import { definePage, type Form, type Shown } from '../kit/page';
import { failureStatus } from '../kit/failures';

/**
 * The per-profile settings pages (issue 4; spec §2 /settings/restrictions, /settings/lock; §5 PIN
 * and age restriction): one form per profile, checked first (bad input: its message, 400, nothing
 * sent), then sent with the account password to the profile API; success redirects (303) with a
 * flash toast, failure re-renders the form with the API's translated message and its status.
 */

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
  return definePage({
    path: settings.path,
    who: 'member',
    refused: profileRefused,
    load: ({ c, user }) => loadProfilesData(c, user),
    view: (data, { t }, { state, status }: Shown<ProfileFormFailure>) => ({
      element: settings.view(data, state),
      meta: { title: t(settings.title) },
      status,
      errors: state?.state.errors,
    }),
    async action({ c, user }, form) {
      const data = await loadProfilesData(c, user);
      const profile = data.profiles.find((p) => p.id === Number(form.profile));
      if (!profile) return c.notFound();
      const { errors, values, body, toast } = settings.check(form, profile, data);
      if (!form.current_password) errors.current_password = 'ALL_FIELDS_REQUIRED';
      if (hasAny(errors)) return { state: { id: profile.id, state: { values, errors } }, status: 400 };
      const answer = await send(c, `/auth/profiles/${profile.id}/${settings.endpoint}`, 'PUT', { ...body, password: form.current_password });
      if (answer instanceof ApiError) return { state: { id: profile.id, state: failure(answer, settings.fields, values) }, status: failureStatus(answer) };
      return done(c, toast, `${settings.path}#${settings.name}-${profile.id}`);
    },
  });
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

export const profileSettingsPages = new Hono<AppEnv>().route('/', restrictions).route('/', locks);
