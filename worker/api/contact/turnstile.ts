import { z } from 'zod';
import type { Bindings } from '../../env';
import { DUMMY_TOKEN, TEST_SECRET_FAIL, TEST_SECRET_SPENT, TURNSTILE_ACTION, TURNSTILE_VERIFY_URL, turnstileMode } from '../../rules/turnstile';

/**
 * The human check of the contact form: Cloudflare Turnstile's server-side validation (siteverify)
 * behind one interface, with a sandbox that answers as Cloudflare does for its test secrets
 * (development, tests: no network). Which one runs: worker/rules/turnstile.ts.
 */

/** Siteverify's JSON answer: { success, "error-codes", challenge_ts, hostname, action, cdata }. */
export const SiteverifyAnswer = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).default([]),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  action: z.string().optional(),
  cdata: z.string().optional(),
});
export type SiteverifyAnswer = z.infer<typeof SiteverifyAnswer>;

export type HumanCheckInput = {
  /** The widget's token (the posted `cf-turnstile-response`). */
  token: string;
  /** The visitor's IP (siteverify's `remoteip`), when known. */
  remoteIp?: string;
};

export interface HumanCheck {
  /** Siteverify's answer for this token; throws HumanCheckUnavailable when no answer can be had. */
  verify(input: HumanCheckInput): Promise<SiteverifyAnswer>;
}

/** Siteverify could not be reached, answered garbage, or refused our secret: not the visitor's fault. */
export class HumanCheckUnavailable extends Error {
  override name = 'HumanCheckUnavailable';
}

/** Error codes that mean our configuration is wrong (logged, answered 503), not the visitor's token. */
const CONFIG_ERRORS = ['missing-input-secret', 'invalid-input-secret'];

/**
 * Cloudflare's siteverify: POST (form fields secret, response, remoteip, idempotency_key). A network
 * failure, a 5xx or `internal-error` is tried once more with the same idempotency key, so the retry
 * cannot be refused as a token already spent.
 */
export function siteverify(config: { secret: string; url?: string }, fetcher: typeof fetch = fetch): HumanCheck {
  const url = config.url || TURNSTILE_VERIFY_URL;
  const ask = async (body: URLSearchParams): Promise<SiteverifyAnswer | 'retry'> => {
    let res: Response;
    try {
      res = await fetcher(url, { method: 'POST', body });
    } catch {
      return 'retry';
    }
    if (res.status >= 500) return 'retry';
    const parsed = SiteverifyAnswer.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new HumanCheckUnavailable(`siteverify: unreadable answer (HTTP ${res.status})`);
    if (parsed.data['error-codes'].includes('internal-error')) return 'retry';
    return parsed.data;
  };
  return {
    async verify({ token, remoteIp }) {
      const body = new URLSearchParams({ secret: config.secret, response: token, idempotency_key: crypto.randomUUID() });
      if (remoteIp) body.set('remoteip', remoteIp);
      for (let attempt = 0; attempt < 2; attempt++) {
        const answer = await ask(body);
        if (answer === 'retry') continue;
        if (answer['error-codes'].some((code) => CONFIG_ERRORS.includes(code))) {
          throw new HumanCheckUnavailable(`siteverify: ${answer['error-codes'].join(', ')}`);
        }
        return answer;
      }
      throw new HumanCheckUnavailable('siteverify: no answer');
    },
  };
}

/**
 * The sandbox: siteverify's answers for Cloudflare's documented test secrets. The "always passes"
 * secret (the default in development) accepts only the dummy token the test widget gives, the
 * "always fails" one refuses everything, the third answers "token already spent".
 */
export function sandboxVerifier(secret: string, now: () => Date = () => new Date()): HumanCheck {
  return {
    async verify({ token }) {
      const refuse = (code: string): SiteverifyAnswer => ({ success: false, 'error-codes': [code] });
      if (!token) return refuse('missing-input-response');
      if (secret === TEST_SECRET_FAIL) return refuse('invalid-input-response');
      if (secret === TEST_SECRET_SPENT) return refuse('timeout-or-duplicate');
      if (token !== DUMMY_TOKEN) return refuse('invalid-input-response');
      return { success: true, 'error-codes': [], challenge_ts: now().toISOString(), hostname: 'example.com', action: '' };
    },
  };
}

/** The human check this configuration runs, or null when it is off (production without a secret). */
export function humanCheck(env: Pick<Bindings, 'TURNSTILE_SECRET_KEY' | 'TURNSTILE_VERIFY_URL' | 'DEV_OUTBOX'>, fetcher: typeof fetch = fetch, now?: () => Date): HumanCheck | null {
  const secret = (env.TURNSTILE_SECRET_KEY ?? '').trim();
  switch (turnstileMode({ secret, devOutbox: env.DEV_OUTBOX })) {
    case 'live':
      return siteverify({ secret, url: env.TURNSTILE_VERIFY_URL }, fetcher);
    case 'sandbox':
      return sandboxVerifier(secret, now);
    case 'off':
      return null;
  }
}

/** A passing answer: success, and (when the widget named one) our action. */
export const passed = (answer: SiteverifyAnswer): boolean => answer.success && (!answer.action || answer.action === TURNSTILE_ACTION);
