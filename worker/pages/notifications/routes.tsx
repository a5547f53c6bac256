import { Hono, type Context } from 'hono';
import { ApiError } from '../../rules/api-client';
import { NotificationsPage } from '../../../client/notifications/NotificationsPage';
import { ErrorPage, errorView } from '../../../client/pages/ErrorPage';
import { ContentsList } from '../../api/pages/schemas';
import type { AppEnv } from '../../env';
import { translate } from '../../i18n';
import { asApiError, callApi } from '../../session/auth';
import { forProfile, loadConfig, serverApi } from '../loaders';
import { renderPage } from '../render';
import { loadNotifications, notificationsShown } from './data';

type Ctx = Context<AppEnv>;

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

function renderNotAvailable(c: Ctx) {
  const t = translate(c.get('lang'));
  return renderPage(c, <ErrorPage view={errorView(403, 'CONTENT_NOT_AVAILABLE')} />, { title: t('CONTENT_NOT_AVAILABLE'), description: t('CONTENT_NOT_AVAILABLE_TEXT') }, 403);
}

/**
 * The notification list (spec §2) and the link every notification opens (the bell's cards, the
 * /notifications page, web push: worker/push sends `/notifications/{contentId}/open`).
 */
export const notificationPages = new Hono<AppEnv>()
  /** /notifications: 404 when notifications are off in config; a note when the member turned them off. */
  .get('/notifications', async (c) => {
    const t = translate(c.get('lang'));
    const config = await loadConfig(c);
    if (!config.notifications) return c.notFound();
    const user = c.get('user');
    const view = user && !notificationsShown(config, user) ? null : await loadNotifications(c);
    return renderPage(c, <NotificationsPage view={view} />, { title: t('NOTIFICATIONS'), description: t('NOTIFICATIONS_DESCRIPTION') });
  })
  /**
   * /notifications/{contentId}/open: records the click for a member (through the API, as the
   * viewing profile), then 303 to the title. A title the profile may not see answers the 403 page,
   * an unknown or unpublished one the 404 page. A failed click (the API down) still leads to the title.
   */
  .get('/notifications/:contentId/open', async (c) => {
    const id = contentIdOf(c.req.param('contentId'));
    if (id === null) return c.notFound();
    const [refused, found] = await Promise.all([
      recordClick(c, id),
      serverApi(c).request(forProfile(c, `/pages/contents?ids=${id}`), (v) => ContentsList.parse(v)),
    ]);
    const content = found.contents[0];
    if (refused?.status === 403 && refused.message.startsWith('CONTENT_NOT_AVAILABLE')) return renderNotAvailable(c);
    if (!content) return c.notFound();
    if (refused) console.error(JSON.stringify({ level: 'warn', requestId: c.get('requestId'), msg: 'click not recorded', status: refused.status, error: refused.message }));
    return c.redirect(`/content/${encodeURIComponent(content.slug)}`, 303);
  });
