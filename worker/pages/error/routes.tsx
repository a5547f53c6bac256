import { ErrorPage, errorView } from '../../../client/pages/ErrorPage';
import { definePage } from '../kit/page';

/** The codes /error?code= shows (errorView): the statuses the site sends people there with. */
const ERROR_CODES = ['403', '404', '429', '500'] as const;

/** /error?code=&reason=: the error page the site sends people to; it answers with its own status, so crawlers and monitors see an error. */
export const pages = definePage({
  path: '/error',
  who: 'anyone',
  indexed: true,
  load: ({ c }) => {
    const code = c.req.query('code') ?? '500';
    // Known codes only: any other is "no such page", so nobody can put 5xx into the monitoring with a made-up code.
    const status = (ERROR_CODES as readonly string[]).includes(code) ? Number(code) : 404;
    return errorView(status, c.req.query('reason') ?? '');
  },
  view: (view, { t }) => ({
    element: <ErrorPage view={view} />,
    meta: { title: view.headingKey ? t(view.headingKey) : view.status === 404 || view.status === 500 ? t(`ERROR_${view.status}`) : t('ERROR') },
    status: view.status,
  }),
});
