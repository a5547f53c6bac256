import { z } from 'zod';
import { TvLinkedPage, TvLinkPage } from '../../../client/pages/device-link/TvLinkPage';
import type { FormState } from '../../../client/components/FormState';
import { profileName } from '../../rules/profiles';
import { Profile, type User } from '../../api/auth/schemas';
import { ApproveAnswer } from '../../api/device-link/schemas';
import { DeviceLookup, formatUserCode, isUserCode } from '../../rules/device-link';
import { callApi } from '../../session/auth';
import { definePage, formFailure, type Ctx, type Form, type Shown } from '../kit/page';
import { serverApi } from '../loaders';
import type { Status } from '../kit/failures';

/**
 * TV linking (issue 15; spec §2 page titles "TV linking"): /tv/link is RFC 8628's verification URI.
 * A signed-in person types the code their TV shows (or arrives with ?code= from the TV's QR code),
 * sees which TV asked for it (its name and approximate place, RFC 8628 §5.4), picks the profile the
 * TV opens, and the TV signs itself in at its next poll (worker/api/device-link).
 * Registered before the live channel pages so /tv/link is never taken for a channel.
 */

const Profiles = z.array(Profile);

/** Codes that belong on the code field; anything else is a message for the form. */
const CODE_ERRORS = new Set(['DEVICE_CODE_INVALID', 'DEVICE_CODE_EXPIRED', 'DEVICE_CODE_USED']);
const PIN_ERRORS = new Set(['CODE_WAS_INCORRECT', 'PIN_FORMAT']);

/** What the page shows: the form's state, and the TV that asked for the code (second step) or not (first step). */
type Step = { form?: FormState; device?: DeviceLookup | null; linked?: { deviceName: string; profile: string } };
type Answer = Response | Shown<Step>;

/** The first step again, the code kept and what is wrong with it on the field (or as a message). */
function codeRefused(code: string, error: unknown): Shown<Step> {
  const { key, status } = formFailure(error);
  const values = { code };
  return { state: { form: CODE_ERRORS.has(key) ? { values, errors: { code: key } } : { values, message: { kind: 'danger', key } } }, status };
}

/** The TV waiting for this code (GET /auth/device), to show before the person approves (RFC 8628 §5.4). */
const lookUp = (c: Ctx, code: string) => serverApi(c).request(`/auth/device?user_code=${encodeURIComponent(formatUserCode(code))}`, (v) => DeviceLookup.parse(v));

/** Second step: the TV that asked, the profiles, Link and "It's not my TV"; back to the first step when the code is wrong. */
async function confirm(c: Ctx, code: string, form?: FormState, status?: Status): Promise<Shown<Step>> {
  if (!isUserCode(code)) return { state: { form: { values: { code }, errors: { code: 'DEVICE_CODE_INVALID' } } }, status: 400 };
  try {
    return { state: { form, device: await lookUp(c, code) }, status };
  } catch (error) {
    return codeRefused(code, error);
  }
}

async function link(c: Ctx, user: User, form: Form): Promise<Answer> {
  const code = (form.code ?? '').trim();
  const values = { code, profile_id: form.profile_id ?? '' };
  if (!isUserCode(code)) return { state: { form: { values, errors: { code: 'DEVICE_CODE_INVALID' } } }, status: 400 };
  try {
    if (form.action === 'deny') {
      await callApi(c, '/auth/device/deny', 'POST', { user_code: code });
      return { state: { form: { message: { kind: 'success', key: 'TV_LINK_DENIED' } } } };
    }
    const answer = ApproveAnswer.parse(await callApi(c, '/auth/device/approve', 'POST', { user_code: code, profile_id: Number(form.profile_id), pin: form.pin || undefined }));
    const profiles = await serverApi(c).request('/auth/profiles', (v) => Profiles.parse(v));
    const profile = profiles.find((p) => p.id === answer.profile_id);
    return { state: { linked: { deviceName: answer.device_name, profile: profile ? profileName(profile, user) : '' } } };
  } catch (error) {
    const { key, status } = formFailure(error);
    if (CODE_ERRORS.has(key)) return codeRefused(code, error);
    if (PIN_ERRORS.has(key)) return confirm(c, code, { values, errors: { pin: 'CODE_WAS_INCORRECT' } }, status);
    return confirm(c, code, { values, message: { kind: 'danger', key } }, status);
  }
}

/** The way back after logging in: the code typed (or posted) kept. */
const backWith = (code: string): string => (isUserCode(code) ? `/tv/link?code=${formatUserCode(code)}` : '/tv/link');

export const pages = definePage({
  path: '/tv/link',
  who: 'member',
  back: (c, form) => backWith((form ? form.code : c.req.query('code'))?.trim() ?? ''),
  // The step shown: after a post, the action's; else the second step for a code in the address (?code=, the TV's QR code), or the first.
  load: async ({ c }, shown: Shown<Step>) => {
    const typed = (c.req.query('code') ?? '').trim();
    const step = shown.state ? shown : typed ? await confirm(c, typed) : {};
    if (step.state?.linked) return { step, profiles: [] };
    return { step, profiles: await serverApi(c).request('/auth/profiles', (v) => Profiles.parse(v)) };
  },
  view: ({ step: { state, status }, profiles }, { t, user }) => {
    if (state?.linked) return { element: <TvLinkedPage deviceName={state.linked.deviceName} profile={state.linked.profile} />, meta: { title: t('TV_LINK_DONE') } };
    return { element: <TvLinkPage user={user} profiles={profiles} form={state?.form} device={state?.device ?? null} />, meta: { title: t('TITLE_TV'), description: t('TV_LINK_TEXT') }, status };
  },
  action: ({ c, user }, form) => link(c, user, form),
});
