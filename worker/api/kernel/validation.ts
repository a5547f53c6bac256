import type { Context } from 'hono';
import type { z } from 'zod';
import { apiError } from '../errors';

/**
 * zValidator hook: bad input is answered 400 `BAD_REQUEST: <field>: <problem>`
 * in the API's error shape instead of zod's raw issue list.
 */
type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

export function validationHook(result: { success: true } | { success: false; error: Issues }, _c: Context): void {
  if (result.success) return;
  // Account rules carry translation keys as messages (worker/rules/account.ts): answer `KEY: field`.
  const first = result.error.issues[0];
  if (first && /^[A-Z][A-Z0-9_]+$/.test(first.message)) apiError(400, first.message, first.path.map(String).join('.') || 'input');
  const detail = result.error.issues.map((i) => `${i.path.map(String).join('.') || 'input'}: ${i.message}`).join('; ');
  apiError(400, 'BAD_REQUEST', detail);
}

/** A JSON body checked by `schema`; an empty body counts as `{}` (every field optional). */
export async function optionalJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = (await c.req.text()).trim();
  let value: unknown = {};
  if (text !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      apiError(400, 'BAD_REQUEST', 'body: expected JSON');
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) validationHook(parsed, c);
  return parsed.data as z.infer<T>;
}
