// Callbacks of the providers that post JSON: the mobile money gateway and the sandbox sign theirs in
// the `t=…,v1=…` form of ./sign; Stripe checks its own and answers the same way.
import type { z } from 'zod';
import { signatureProblem } from './sign';
import type { CallbackReading, Handling, PaymentEvent } from './types';

/** A callback that changes nothing (unsigned, forged, too old, malformed): 400 with the reason, which is logged. */
export const refusedCallback = (reason: string): CallbackReading => ({ verified: false, reason, answer: () => Response.json({ error: reason }, { status: 400 }) });

/** A verified callback and its events: 200 once they are handled, 500 so the provider sends it again. */
export const verifiedCallback = (events: PaymentEvent[]): CallbackReading => ({
  verified: true,
  events,
  answer: (handling: Handling) => Response.json({ received: handling === 'done' }, { status: handling === 'done' ? 200 : 500 }),
});

export type SignedWebhook<T> = { success: true; data: T } | { success: false; refusal: CallbackReading };

/**
 * Reads a JSON callback signed in the `t=…,v1=…` form: its body as `schema` reads it when the
 * signature in `signing.header` holds (made with `signing.secret`, within 5 minutes of `signing.now`),
 * else the refusal to answer.
 */
export async function readSignedWebhook<T>(request: Request, signing: { secret: string; header: string; now: Date }, schema: z.ZodType<T>): Promise<SignedWebhook<T>> {
  const refuse = (reason: string): SignedWebhook<T> => ({ success: false, refusal: refusedCallback(reason) });
  const body = await request.text().catch(() => '');
  const problem = await signatureProblem(signing.secret, body, request.headers.get(signing.header), signing.now);
  if (problem) return refuse(problem);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return refuse('malformed body');
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { success: true, data: parsed.data } : refuse('malformed body');
}
