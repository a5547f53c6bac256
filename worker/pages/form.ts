import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import type { PageMeta } from '../../client/components/Document';
import type { FieldErrors } from '../../client/components/Form';
import type { AppEnv } from '../env';
import { translate } from '../i18n';

/**
 * Form handling shared by the account pages (worker/pages/auth, worker/pages/settings): read a
 * posted HTML form, render a form page with any status.
 */

const MAX_FORM_BYTES = 16 * 1024;

/** The posted HTML form as strings (files and repeated names ignored). 415/413 for anything else. */
export async function readForm(c: Context<AppEnv>): Promise<Record<string, string>> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_FORM_BYTES) throw new HTTPException(413, { message: 'PAYLOAD_TOO_LARGE' });
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(c.req.header('content-type') ?? '')) {
    throw new HTTPException(415, { message: 'UNSUPPORTED_MEDIA_TYPE: a form is expected' });
  }
  const body = await c.req.parseBody();
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') form[name] = value;
  return form;
}

/**
 * Renders a form page with any status (renderPage only types the common ones), kept out of search
 * engines. A failed form (4xx, or field errors) gets "Error: " before its title, so a screen reader
 * hears at once that something needs fixing.
 */
export function renderForm(
  c: Context<AppEnv>,
  page: ReactElement,
  meta: PageMeta,
  status: ContentfulStatusCode = 200,
  state?: { errors?: FieldErrors },
) {
  const failed = status >= 400 || Object.values(state?.errors ?? {}).some(Boolean);
  const title = failed ? `${translate(c.get('lang'))('ERROR')}: ${meta.title}` : meta.title;
  c.header('X-Robots-Tag', 'noindex');
  c.status(status);
  return c.render(page, { meta: { ...meta, title } });
}
