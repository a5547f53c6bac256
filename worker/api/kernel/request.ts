import type { Context } from 'hono';
import { isLang, type Lang } from '../../rules/lang';
import type { AppEnv, Bindings } from '../../env';
import { consumeAll } from '../../limits';
import { mailer, SendError, smsSender } from '../../messaging';
import { verificationCodeEmail, verificationCodeSms } from '../../messaging/templates';
import { publicOriginOf } from '../../rules/sitemap';
import { apiError } from '../errors';
import type { CodeChannel } from './codes';
import { verifyPassword } from './password';
import type { UserRow } from './users';

/**
 * What routes of every area share: the caller's language, address and device as the edge forwards
 * them, the public origin of emailed links, the same-password rule, the 429 answer, SMS counting and code delivery.
 * Error bodies are `{ status, message: 'CODE: detail' }` with the codes the pages translate
 * (spec §8); validation failures are `KEY: field`.
 */

/** The language of messages sent: the `lang` query parameter every call carries (spec §7). */
export const lang = (c: Context<AppEnv>): Lang => {
  const value = c.req.query('lang');
  return isLang(value) ? value : 'en';
};

/** The visitor's IP, place and device, as the edge forwards them (worker/proxy). */
export function clientOf(c: Context<AppEnv>) {
  const cf = c.req.raw.cf as { country?: unknown; city?: unknown } | undefined;
  return {
    ip: c.req.header('x-client-ip') || c.req.header('cf-connecting-ip') || '',
    deviceId: c.req.header('x-device-id') ?? '',
    userAgent: c.req.header('x-client-user-agent') || c.req.header('user-agent') || '',
    country: c.req.header('x-client-country') || (typeof cf?.country === 'string' ? cf.country : ''),
    city: c.req.header('x-client-city') || (typeof cf?.city === 'string' ? cf.city : ''),
  };
}

/** The public origin of the site, for links in emails: the PUBLIC_ORIGIN setting, never a request header. */
export const publicOrigin = (c: Context<AppEnv>): string => publicOriginOf(c.env.PUBLIC_ORIGIN);

/** Spec §5: the new password may not equal the old one. The exact body the reset page looks for. */
export async function refuseSamePassword(user: UserRow, password: string): Promise<void> {
  if (await verifyPassword(user.password_hash, password)) apiError(400, 'BAD_REQUEST:SAME_PASSWORD');
}

export function tooMany(c: Context<AppEnv>, code: string, delay: number, text: string) {
  return c.json({ status: 429, message: `${code}: ${text}`, delay }, 429);
}

/**
 * Counts one SMS to `to` against every SMS sending limit (worker/limits LIMIT_RULES): per number,
 * per sending address (lower for a number no account has verified), per device, and for the whole
 * service an hour. Answers the 429 to send when refused (spec §8 daily SMS limit, too frequent),
 * else the number's remaining sends today.
 */
export async function countSms(c: Context<AppEnv>, to: string): Promise<{ refused: Response } | { refused: null; remaining: number }> {
  const client = clientOf(c);
  const ip = client.ip || 'unknown-ip';
  const seen = await c.env.DB.prepare('SELECT 1 AS seen FROM users WHERE phone = ?1 AND is_phone_verified = 1').bind(to).first<{ seen: number }>();
  const sending = await consumeAll(c.env, [
    ['code-sms', to],
    ['code-sms-ip', ip],
    ['code-sms-device', client.deviceId || 'unknown-device'],
    ['code-sms-global', 'all'],
    ...(seen ? [] : [['code-sms-ip-new', ip] as const]),
  ]);
  const [limit] = sending.states;
  if (sending.allowed && limit) return { refused: null, remaining: limit.remaining };
  if (limit && !limit.allowed && limit.remaining === 0) return { refused: tooMany(c, 'SMS_DAILY_LIMIT', limit.retryAfter, 'daily SMS limit reached') };
  return { refused: tooMany(c, 'CODE_TOO_FREQUENT', sending.retryAfter, `sent too frequently, wait ${sending.retryAfter} seconds`) };
}

/** Sends a verification code in `language` by email or SMS; a provider's failure throws SendError. */
export async function sendCode(env: Bindings, channel: CodeChannel, to: string, language: Lang, code: string): Promise<void> {
  if (channel === 'sms') await smsSender(env).send({ to, text: verificationCodeSms(language, code) });
  else await mailer(env).send({ to, ...verificationCodeEmail(language, code) });
}

/** Delivers a verification code; the SMS/email provider's failure is 502 SEND_FAILED. */
export async function deliverCode(c: Context<AppEnv>, channel: CodeChannel, to: string, code: string): Promise<void> {
  try {
    await sendCode(c.env, channel, to, lang(c), code);
  } catch (error) {
    if (error instanceof SendError) apiError(502, 'SEND_FAILED', `${channel} provider`);
    throw error;
  }
}
