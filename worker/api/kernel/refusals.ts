import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiError } from '../errors';

/**
 * A business function says no with a value, never by throwing (as `payments/state.ts` does):
 * `{ ok: false, refusal: 'CODE' }`. It knows nothing of HTTP, so a route, the cron or a script can
 * call it; the routes of its area answer each refusal through one table (`RefusalAnswers`).
 */
export type Refused<R extends string> = { ok: false; refusal: R };

/** How an area answers its refusals over HTTP: the status, the message's code, and its detail when fixed. */
export type RefusalAnswers<R extends string> = Record<R, readonly [status: ContentfulStatusCode, code: string, detail?: string]>;

/** Answers a refusal as its area's table says; `detail` (the title or profile asked for …) stands for the table's own. */
export function refuse<R extends string>(answers: RefusalAnswers<R>, refusal: R, detail?: string): never {
  const [status, code, fixed] = answers[refusal];
  return apiError(status, code, detail ?? fixed ?? '');
}
