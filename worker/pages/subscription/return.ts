import type { Context } from 'hono';
import type { AppEnv } from '../../env';

/**
 * The browser's return from a provider's hosted page (GET, or a cross-site POST from CMI):
 * `/payments/return/{provider}/ok|fail?tx=…`. It changes nothing (the signed callback does, or
 * the confirmation /bravoPage asks for), so it takes no input but the transaction id, and sends
 * the browser on with a GET, on which its session cookie (SameSite=Lax) comes along.
 */
export function paymentReturn(c: Context<AppEnv>): Response {
  const tx = c.req.query('tx') ?? '';
  const id = /^[0-9a-f-]{36}$/.test(tx) ? tx : '';
  if (!id) return c.redirect('/subscription', 303);
  return c.redirect(c.req.param('outcome') === 'ok' ? `/bravoPage?tx=${id}` : `/subscription?tx=${id}`, 303);
}
