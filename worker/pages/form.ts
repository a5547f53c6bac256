import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import type { PageMeta } from '../../client/components/Document';
import type { FieldErrors } from '../../client/components/Form';
import type { AppEnv } from '../env';
import { translatorOf } from './kit/translator';

/**
 * Form handling shared by the account pages (worker/pages/auth, worker/pages/settings): read a
 * posted HTML form, render a form page with any status.
 */

/** A form body is at most 16 KB, counted on the bytes actually read (a chunked body has no Content-Length). */
export const MAX_FORM_BYTES = 16 * 1024;

/** A form body that cannot be taken: 413 too large, 415 not a form, 400 unreadable (truncated, malformed). */
export class FormBodyError extends HTTPException {
  constructor(
    override readonly status: FormFailure,
    options: { message: string; cause?: unknown },
  ) {
    super(status, options);
  }
}
export type FormFailure = 400 | 413 | 415;

/**
 * The request body, read as a stream and cut at `maxBytes`: whatever Content-Length says (or does
 * not say), no more than `maxBytes + 1` bytes are ever read. 413 past it, 400 if the stream breaks.
 */
async function cappedBody(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(maxBytes);
  let size = 0;
  if (!body) return bytes.subarray(0, 0);
  const reader = body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (size + chunk.value.byteLength > maxBytes) {
        await reader.cancel();
        throw new FormBodyError(413, { message: 'PAYLOAD_TOO_LARGE' });
      }
      bytes.set(chunk.value, size);
      size += chunk.value.byteLength;
    }
  } catch (error) {
    if (error instanceof FormBodyError) throw error;
    throw new FormBodyError(400, { message: 'BAD_REQUEST: the form body could not be read', cause: error });
  }
  return bytes.subarray(0, size);
}

/**
 * The posted HTML form as strings (files and repeated names ignored). Throws FormBodyError: 415 for
 * anything but a form, 413 over `maxBytes` (MAX_FORM_BYTES unless given), 400 for a truncated or
 * malformed body. Pages answer it with the translated form error page (worker/pages/kit/errors.tsx).
 */
export async function readForm(c: Context<AppEnv>, maxBytes = MAX_FORM_BYTES): Promise<Record<string, string>> {
  if (Number(c.req.header('content-length') ?? 0) > maxBytes) throw new FormBodyError(413, { message: 'PAYLOAD_TOO_LARGE' });
  const type = c.req.header('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw new FormBodyError(415, { message: 'UNSUPPORTED_MEDIA_TYPE: a form is expected' });
  }
  const bytes = await cappedBody(c.req.raw.body, maxBytes);
  const body = await new Response(bytes, { headers: { 'Content-Type': type } }).formData().catch((error: unknown) => {
    throw new FormBodyError(400, { message: 'BAD_REQUEST: malformed form body', cause: error });
  });
  const form: Record<string, string> = {};
  for (const [name, value] of body) if (typeof value === 'string') form[name] = value;
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
  const title = failed ? `${translatorOf(c)('ERROR')}: ${meta.title}` : meta.title;
  c.header('X-Robots-Tag', 'noindex');
  c.status(status);
  return c.render(page, { meta: { ...meta, title } });
}
