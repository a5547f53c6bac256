import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { limiter } from '../../limits';
import { contactAcknowledgementEmail, supportEmail, type ContactMail } from '../../messaging/contact';
import { clientOf, lang, tooMany } from '../kernel/request';
import { authenticate } from '../kernel/auth';
import { now } from '../kernel/clock';
import { readConfig } from '../configs/queries';
import { apiError } from '../errors';
import { resolveViewer } from '../profiles/queries';
import { validationHook } from '../kernel/validation';
import { sendMail, supportAddress } from './mail';
import { customerReplies } from './support/customer';
import { lastTransaction, storeMessage, type AccountDetails } from './queries';
import { ContactAnswer, ContactInput } from './schemas';
import { HumanCheckUnavailable, humanCheck, passed } from './turnstile';

/**
 * POST /contact (issue 15, spec §2 /contact): a message to support. In order: the input (zod, spec §5
 * messages), the human check (Cloudflare Turnstile), the rate limits (spec §8 too many requests,
 * counted before anything is stored or sent), the message in D1 under its ticket number, then the
 * emails (support, and the acknowledgement in the sender's language). A failed email is logged and
 * the ticket stands.
 */

/** The account details of a logged-in sender (spec §3): account, profile watching, last transaction; null for guests. */
async function accountOf(c: Context<AppEnv>, deviceId: string): Promise<AccountDetails | null> {
  const auth = await authenticate(c).catch(() => null);
  if (!auth) return null;
  const raw = Number(c.req.query('profileId'));
  const requested = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const [viewer, transaction] = await Promise.all([
    resolveViewer(c.env.DB, auth.user, auth.sessionId, await readConfig(c.env), requested).catch(() => 'missing' as const),
    lastTransaction(c.env.DB, auth.user.id),
  ]);
  const profile = viewer === 'missing' ? null : viewer.row;
  return {
    userId: auth.user.id,
    profileId: profile?.id ?? null,
    profileName: profile?.name ?? null,
    deviceId: deviceId || null,
    subscriptionEnd: auth.user.subscription_end ?? null,
    lastTransaction: transaction,
  };
}

/**
 * Spec §8 too many requests: per email (3 an hour), then per sending address (5 an hour). One counter
 * after the other, so a burst is counted exactly: a post refused by the second gives the first its
 * hit back, and a post refused by the first never touches the second.
 */
async function withinLimits(c: Context<AppEnv>, email: string, ip: string): Promise<number> {
  const limits = limiter(c.env);
  const byEmail = await limits.consume('contact-email', email);
  if (!byEmail.allowed) return byEmail.retryAfter;
  const byAddress = await limits.consume('contact-ip', ip || 'unknown-ip');
  if (byAddress.allowed) return 0;
  await limits.release('contact-email', email);
  return byAddress.retryAfter;
}

export const contact = new Hono<AppEnv>()
  // The customer's reply page's API (issue 32): GET and POST /contact/reply/{token}.
  .route('/reply', customerReplies)
  .post('/', zValidator('json', ContactInput, validationHook), async (c) => {
    const input = c.req.valid('json');
    const client = clientOf(c);

    const check = humanCheck(c.env, fetch, () => now(c));
    if (!check) {
      console.error(JSON.stringify({ level: 'error', event: 'contact_human_check_off', msg: 'TURNSTILE_SECRET_KEY is not set' }));
      apiError(503, 'HUMAN_CHECK_UNAVAILABLE', 'the human check is not configured');
    }
    try {
      const answer = await check.verify({ token: input.turnstile_token, remoteIp: client.ip || undefined });
      if (!passed(answer)) apiError(400, 'HUMAN_CHECK_FAILED', answer['error-codes'].join(',') || 'turnstile');
    } catch (error) {
      if (!(error instanceof HumanCheckUnavailable)) throw error;
      console.error(JSON.stringify({ level: 'error', event: 'contact_human_check_unavailable', error: error.message }));
      apiError(503, 'HUMAN_CHECK_UNAVAILABLE', 'try again in a moment');
    }

    const delay = await withinLimits(c, input.email, client.ip);
    if (delay > 0) return tooMany(c, 'TOO_MANY_REQUESTS', delay, `Too many messages: wait ${delay} seconds`);

    const account = await accountOf(c, client.deviceId);
    const stored = await storeMessage(c.env.DB, input, { lang: lang(c), now: now(c), account, deviceId: client.deviceId || null });
    const mail: ContactMail = { ...stored, lang: lang(c), deviceId: client.deviceId || null };
    const [, acknowledged] = await Promise.all([
      sendMail(c, 'support', stored.ticket, { to: supportAddress(c.env), ...supportEmail(mail) }),
      sendMail(c, 'acknowledgement', stored.ticket, { to: input.email, ...contactAcknowledgementEmail(mail) }),
    ]);
    return c.json({ ticket: stored.ticket, acknowledged } satisfies ContactAnswer, 201);
  });
