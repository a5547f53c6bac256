import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { TvLinkedPage, TvLinkPage } from '../../../client/pages/device-link/TvLinkPage';
import type { FormState } from '../../../client/components/FormState';
import { profileName } from '../../../client/profiles/display';
import { Profile, type User } from '../../api/auth/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { DeviceLookup, formatUserCode, isUserCode } from '../../rules/device-link';
import { callApi } from '../../session/auth';
import { loggedIn, sessionEnded, toLogin } from '../kit/account';
import { readForm, renderForm } from '../form';
import { serverApi } from '../loaders';
import { apiFailure, type Status } from '../kit/failures';

/**
 * TV linking (issue 15; spec §2 page titles "TV linking"): /tv/link is RFC 8628's verification URI.
 * A signed-in person types the code their TV shows (or arrives with ?code= from the TV's QR code),
 * sees which TV asked for it (its name and approximate place, RFC 8628 §5.4), picks the profile the
 * TV opens, and the TV signs itself in at its next poll (worker/api/device-link).
 * Registered before the live channel pages so /tv/link is never taken for a channel.
 */

type Ctx = Context<AppEnv>;
const Profiles = z.array(Profile);
const Linked = z.object({ device_name: z.string(), profile_id: z.number() });

/** Codes that belong on the code field; anything else is a message for the form. */
const CODE_ERRORS = new Set(['DEVICE_CODE_INVALID', 'DEVICE_CODE_EXPIRED', 'DEVICE_CODE_USED']);
const PIN_ERRORS = new Set(['CODE_WAS_INCORRECT', 'PIN_FORMAT']);

async function render(c: Ctx, user: User, form?: FormState, status: Status = 200, device: DeviceLookup | null = null) {
  const profiles = await serverApi(c).request('/auth/profiles', (v) => Profiles.parse(v));
  const t = translate(c.get('lang'));
  return renderForm(c, <TvLinkPage user={user} profiles={profiles} form={form} device={device} />, { title: t('TITLE_TV'), description: t('TV_LINK_TEXT') }, status);
}

/** The first step again, the code kept and what is wrong with it on the field (or as a message). */
function codeRefused(c: Ctx, user: User, code: string, error: unknown) {
  if (sessionEnded(error)) return toLogin(c, isUserCode(code) ? `/tv/link?code=${formatUserCode(code)}` : '/tv/link');
  const { key, status } = apiFailure(error);
  const values = { code };
  return render(c, user, CODE_ERRORS.has(key) ? { values, errors: { code: key } } : { values, message: { kind: 'danger', key } }, status);
}

/** The TV waiting for this code (GET /auth/device), to show before the person approves (RFC 8628 §5.4). */
const lookUp = (c: Ctx, code: string) => serverApi(c).request(`/auth/device?user_code=${encodeURIComponent(formatUserCode(code))}`, (v) => DeviceLookup.parse(v));

/** Second step: the TV that asked, the profiles, Link and "It's not my TV"; back to the first step when the code is wrong. */
async function confirm(c: Ctx, user: User, code: string, form?: FormState, status: Status = 200) {
  if (!isUserCode(code)) return render(c, user, { values: { code }, errors: { code: 'DEVICE_CODE_INVALID' } }, 400);
  let device: DeviceLookup;
  try {
    device = await lookUp(c, code);
  } catch (error) {
    return codeRefused(c, user, code, error);
  }
  return render(c, user, form, status, device);
}

async function link(c: Ctx, user: User) {
  const form = await readForm(c);
  const code = (form.code ?? '').trim();
  const values = { code, profile_id: form.profile_id ?? '' };
  if (!isUserCode(code)) return render(c, user, { values, errors: { code: 'DEVICE_CODE_INVALID' } }, 400);
  try {
    if (form.action === 'deny') {
      await callApi(c, '/auth/device/deny', 'POST', { user_code: code });
      return render(c, user, { message: { kind: 'success', key: 'TV_LINK_DENIED' } });
    }
    const answer = Linked.parse(await callApi(c, '/auth/device/approve', 'POST', { user_code: code, profile_id: Number(form.profile_id), pin: form.pin || undefined }));
    const profiles = await serverApi(c).request('/auth/profiles', (v) => Profiles.parse(v));
    const profile = profiles.find((p) => p.id === answer.profile_id);
    const t = translate(c.get('lang'));
    return renderForm(c, <TvLinkedPage deviceName={answer.device_name} profile={profile ? profileName(profile, user) : ''} />, { title: t('TV_LINK_DONE') });
  } catch (error) {
    if (sessionEnded(error)) return toLogin(c, `/tv/link?code=${formatUserCode(code)}`);
    const { key, status } = apiFailure(error);
    if (CODE_ERRORS.has(key)) return codeRefused(c, user, code, error);
    if (PIN_ERRORS.has(key)) return confirm(c, user, code, { values, errors: { pin: 'CODE_WAS_INCORRECT' } }, status);
    return confirm(c, user, code, { values, message: { kind: 'danger', key } }, status);
  }
}

export const deviceLinkPages = new Hono<AppEnv>()
  .get('/tv/link', (c) => {
    const user = loggedIn(c);
    const typed = (c.req.query('code') ?? '').trim();
    if (!user) return toLogin(c, isUserCode(typed) ? `/tv/link?code=${formatUserCode(typed)}` : '/tv/link');
    return typed ? confirm(c, user, typed) : render(c, user);
  })
  .post('/tv/link', (c) => {
    const user = loggedIn(c);
    return user ? link(c, user) : toLogin(c, '/tv/link');
  });
