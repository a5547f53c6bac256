import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The JSON body of every API error: `message` is `CODE: detail` (spec §8). */
export type ApiErrorBody = { status: number; message: string };

/** Throws an API error answered as `{ status, message: "CODE: detail" }`. */
export function apiError(status: ContentfulStatusCode, code: string, detail = ''): never {
  const body: ApiErrorBody = { status, message: detail ? `${code}: ${detail}` : code };
  throw new HTTPException(status, { res: Response.json(body, { status }) });
}
