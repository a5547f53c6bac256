import { Hono } from 'hono';
import { ApiError } from '../../rules/api-client';
import { NotificationsPage } from '../../../client/notifications/NotificationsPage';
import { ContentsList } from '../../api/pages/schemas';
import type { AppEnv } from '../../env';
import { asApiError, callApi } from '../../session/auth';
import { notAvailableView } from '../kit/errors';
import { defineEndpoint, definePage, renderView, type Ctx } from '../kit/page';
import { forProfile, loadConfig, serverApi } from '../loaders';
import { loadNotifications, notificationsShown } from './data';

/**
 * The notification list (spec §2) and the link every notification opens (the bell's cards, the
 * /notifications page, web push: worker/push sends `/notifications/{contentId}/open`).
 */

/** A content id of the open route, or null. */
const contentIdOf = (text: string): number | null => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : null);

/**
 * POST /actions/click/{id} as the visitor's profile (spec §4: an opened notification is read).
 * Answers the API's refusal (404 CONTENT_NOT_FOUND, 403 CONTENT_NOT_AVAILABLE, …), else null;
 * guests record nothing (no read state on the server).
 */
async function recordClick(c: Ctx, contentId: number): Promise<ApiError | null> {
  const user = c.get('user');
  if (!user || user.isAnonymous) return null;
  const body = user.profile.locked ? {} : { profile: user.profile.id };
  const answer = await callApi(c, `/actions/click/${contentId}`, 'POST', body).catch(asApiError);
  return answer instanceof ApiError ? answer : null;
}

/** /notifications: 404 when notifications are off in config; a note when the member turned them off. */
const list = definePage({
  path: '/notifications',
  who: 'anyone',
  indexed: true,
  async load({ c, user }) {
    const config = await loadConfig(c);
    if (!config.notifications) return c.notFound();
    return user && !notificationsShown(config, user) ? null : await loadNotifications(c);
  },
  view: (view, { t }) => ({ element: <NotificationsPage view={view} />, meta: { title: t('NOTIFICATIONS'), description: t('NOTIFICATIONS_DESCRIPTION') } }),
});

/**
 * /notifications/{contentId}/open: records the click for a member (through the API, as the
 * viewing profile), then 303 to the title. A title the profile may not see answers the 403 page,
 * an unknown or unpublished one the 404 page. A failed click (the API down) still leads to the title.
 */
const open = defineEndpoint({
  method: 'GET',
  path: '/notifications/:contentId/open',
  who: 'anyone',
  async answer({ c, t }) {
    const id = contentIdOf(c.req.param('contentId') ?? '');
    if (id === null) return c.notFound();
    const [refused, found] = await Promise.all([
      recordClick(c, id),
      serverApi(c).request(forProfile(c, `/pages/contents?ids=${id}`), (v) => ContentsList.parse(v)),
    ]);
    const content = found.contents[0];
    if (refused?.status === 403 && refused.message.startsWith('CONTENT_NOT_AVAILABLE')) return renderView(c, notAvailableView(t), true);
    if (!content) return c.notFound();
    if (refused) console.error(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'click not recorded', status: refused.status, error: refused.message }));
    return c.redirect(`/content/${encodeURIComponent(content.slug)}`, 303);
  },
});

export const pages = new Hono<AppEnv>().route('/', list).route('/', open);
