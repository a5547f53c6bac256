import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ErrorPage, errorView } from '../../../client/pages/ErrorPage';
import type { AppEnv } from '../../env';
import type { ApiError } from '../../rules/api-client';
import { FormBodyError, renderForm } from '../form';
import { renderPage } from '../render';
import type { Ctx, PageArgs, View, Who } from './page';
import { translatorOf, type Translate } from './translator';

/**
 * The error pages every area answers with: 404 (the app's notFound handler, `c.notFound()` in a
 * route), 403 for a title the profile may not see, the form that could not be read, and 500 (the
 * app's error handler).
 */

/** The 404 page. */
export const renderNotFound: NotFoundHandler<AppEnv> = (c) => {
  const t = translatorOf(c);
  return renderPage(c, <ErrorPage view={errorView(404)} notFound />, { title: t('ERROR_404'), description: t('PAGE_NOT_FOUND') }, 404);
};

/** The 403 page of a title above the profile's age limit (spec §5). */
export const notAvailableView = (t: Translate): View => ({
  element: <ErrorPage view={errorView(403, 'CONTENT_NOT_AVAILABLE')} />,
  meta: { title: t('CONTENT_NOT_AVAILABLE'), description: t('CONTENT_NOT_AVAILABLE_TEXT') },
  status: 403,
  indexed: true,
});

/**
 * The refusals of a catalogue page (its `refused`): an API 404 (or 400: a slug the API refuses) is
 * the 404 page, a 403 CONTENT_NOT_AVAILABLE the 403 page saying so; other failures are thrown on
 * (the 500 page).
 */
export function notFoundOrNotAvailable(error: ApiError, { c, t }: PageArgs<Who>): Response | Promise<Response> | View | undefined {
  if (error.status === 404 || error.status === 400) return renderNotFound(c);
  if (error.status === 403 && error.message.startsWith('CONTENT_NOT_AVAILABLE')) return notAvailableView(t);
  return undefined;
}

/** A posted form that cannot be read (truncated, too large, not a form): its status, the translated form error and a way back to the form. */
function renderUnreadableForm(c: Ctx, error: FormBodyError) {
  const t = translatorOf(c);
  const url = new URL(c.req.url);
  const view = { status: error.status, headingKey: 'ERROR', messageKey: 'FORM_UNREADABLE', action: 'home', back: url.pathname.replace(/^\/+/, '/') + url.search } as const;
  return renderForm(c, <ErrorPage view={view} />, { title: t('FORM_UNREADABLE'), description: t('FORM_UNREADABLE') }, error.status);
}

/** The pages' error handler: the form error page, an HTTPException's own answer, else the 500 page. */
export const renderServerError: ErrorHandler<AppEnv> = async (error, c) => {
  if (error instanceof FormBodyError) return renderUnreadableForm(c, error);
  if (error instanceof HTTPException) return error.getResponse();
  console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), path: c.req.path, error: String(error), stack: error instanceof Error ? error.stack : undefined }));
  const t = translatorOf(c);
  try {
    return await renderPage(c, <ErrorPage view={errorView(500)} />, { title: t('ERROR_500'), bar: 'none' }, 500);
  } catch {
    return c.html(`<!doctype html><title>${t('ERROR_500')}</title><h1>${t('ERROR_500')}</h1><p><a href="/">${t('GO_HOME')}</a></p>`, 500);
  }
};
