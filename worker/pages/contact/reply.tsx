import { getCookie } from 'hono/cookie';
import { ReplyLinkRefused, ReplyPage } from '../../../client/pages/contact/ReplyPage';
import type { FormState } from '../../../client/pages/auth/AuthLayout';
import { CustomerThread } from '../../api/contact/support/schemas';
import { serverApi } from '../../proxy/server-api';
import { checkContactMessage } from '../../rules/contact';
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, validTimeZone } from '../../rules/live-tv';
import { ApiError, asApiError, callApi } from '../../session/auth';
import { failureStatus, splitMessage } from '../auth/form';
import { done } from '../kit/account';
import { definePage, type Ctx, type PageArgs, type Shown, type View, type Who } from '../kit/page';

/**
 * /contact/reply/{token} (issue 32): the page a support reply email links to. GET shows the request's
 * thread (GET /contact/reply/{token}: never the internal notes) and a form; POST checks the answer
 * (worker/rules/contact.ts, as the contact form's message), sends it (POST /contact/reply/{token}:
 * it lands on the ticket, which opens again) and comes back here (303) with a toast. An expired link
 * is its own 410 page naming the ticket to quote, a forged or changed one a 404 page; both lead to
 * the contact form.
 */

const tokenOf = (c: Ctx): string => c.req.param('token') ?? '';
const apiPath = (token: string) => `/contact/reply/${encodeURIComponent(token)}`;

/** The link's refusals as pages: the API's 410 SUPPORT_LINK_EXPIRED (its detail the ticket) and 404. */
function linkRefused(error: ApiError, { t }: PageArgs<Who>): View | undefined {
  const { code, detail } = splitMessage(error.message);
  const expired = error.status === 410 && code === 'SUPPORT_LINK_EXPIRED';
  if (!expired && error.status !== 404) return undefined;
  const title = t(expired ? 'CONTACT_REPLY_EXPIRED_TITLE' : 'CONTACT_REPLY_INVALID_TITLE');
  return { element: <ReplyLinkRefused expired={expired} ticket={detail} />, meta: { title, description: title }, status: expired ? 410 : 404 };
}

export const replyPage = definePage({
  path: '/contact/reply/:token',
  who: 'anyone',
  load: async ({ c }, { state }: Shown<FormState>) => {
    const token = tokenOf(c);
    const thread = await serverApi(c).request(apiPath(token), (v) => CustomerThread.parse(v));
    const timeZone = validTimeZone(getCookie(c, TIME_ZONE_COOKIE)) ?? DEFAULT_TIME_ZONE;
    return { token, thread, state: state ?? {}, timeZone };
  },
  view: ({ token, thread, state, timeZone }, { t }, { status }) => ({
    element: <ReplyPage thread={thread} token={token} state={state} timeZone={timeZone} />,
    meta: { title: t('CONTACT_REPLY_TITLE', { ticket: thread.ticket }), description: t('CONTACT_REPLY_INTRO') },
    status,
    errors: state.errors,
  }),
  refused: linkRefused,
  async action({ c }, form): Promise<Response | Shown<FormState>> {
    const token = tokenOf(c);
    const values = { message: form.message ?? '' };
    const invalid = checkContactMessage(values.message);
    if (invalid) return { state: { values, errors: { message: invalid } }, status: 400 };
    const answer = await callApi(c, apiPath(token), 'POST', { message: values.message.trim() }).catch(asApiError);
    if (!(answer instanceof ApiError)) return done(c, 'CONTACT_REPLY_SENT', `/contact/reply/${token}`);
    // An expired or forged link is the link's page, as on GET.
    if (answer.status === 404 || answer.status === 410) throw answer;
    if (answer.status === 429) return { state: { values, notice: { kind: 'danger', key: 'TOO_MANY_REQUESTS' } }, status: 429 };
    const { code, detail } = splitMessage(answer.message);
    if (answer.status === 400 && detail === 'message') return { state: { values, errors: { message: code } }, status: 400 };
    return { state: { values, notice: { kind: 'danger', key: 'ERROR_DEFAULT' } }, status: failureStatus(answer.status) };
  },
});
