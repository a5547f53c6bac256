import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiError } from '../errors';

/**
 * A business function says no with a value, never by throwing (as `payments/state.ts` does): it
 * answers `{ ok: true, value }` or `{ ok: false, refusal: 'CODE', detail? }`. It knows nothing of
 * HTTP, so a route, the cron or a script can call it; the routes of its area answer each refusal
 * through one table (`RefusalAnswers`), with `refuse` or `answer` below.
 */
export type Refused<R extends string> = { ok: false; refusal: R; detail?: string };
export type Result<T, R extends string> = { ok: true; value: T } | Refused<R>;

export const done = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const refused = <R extends string>(refusal: R, detail?: string): Refused<R> => ({ ok: false, refusal, detail });

/** One refusal's HTTP answer: the status, the spec §8 code its message starts with, and its detail when fixed. */
export type RefusalAnswer = readonly [status: ContentfulStatusCode, code: string, detail?: string];
/** How an area answers its refusals over HTTP. */
export type RefusalAnswers<R extends string> = Record<R, RefusalAnswer>;

/** Answers a refusal as its area's table says; `detail` (the title or profile asked for …) stands for the table's own. */
export function refuse<R extends string>(answers: RefusalAnswers<R>, refusal: R, detail?: string): never {
  const [status, code, fixed] = answers[refusal];
  return apiError(status, code, detail ?? fixed ?? '');
}

/** A result's value, or its refusal answered as the area's table says (`{ status, message: "CODE: detail" }`). */
export function answer<T, R extends string>(answers: RefusalAnswers<R>, result: Result<T, R>): T {
  return result.ok ? result.value : refuse(answers, result.refusal, result.detail);
}
