import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The JSON body of every API error: `message` is `CODE: detail` (spec §8). */
export type ApiErrorBody = { status: number; message: string };

/** Throws an API error answered as `{ status, message: "CODE: detail" }`. */
export function apiError(status: ContentfulStatusCode, code: string, detail = ''): never {
  const body: ApiErrorBody = { status, message: detail ? `${code}: ${detail}` : code };
  throw new HTTPException(status, { res: Response.json(body, { status }) });
}

/**
 * The answer to anything thrown while serving the API (`/api/*`, the built-in API, `/media/*`),
 * always in the API's JSON shape: an HTTPException's own answer (its message as the body's when it
 * carries no response), anything else 500 INTERNAL_ERROR, logged with the request id and path.
 */
export function apiErrorAnswer(error: Error, where: { requestId: string | undefined; path: string }): Response {
  if (error instanceof HTTPException) {
    if (error.res) return error.getResponse();
    const body: ApiErrorBody = { status: error.status, message: error.message || `HTTP_${error.status}` };
    return Response.json(body, { status: error.status });
  }
  console.error(JSON.stringify({ level: 'error', ...where, error: String(error), stack: error.stack }));
  const body: ApiErrorBody = { status: 500, message: 'INTERNAL_ERROR' };
  return Response.json(body, { status: 500 });
}
