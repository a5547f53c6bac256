import type { Context } from 'hono';
import { checkPassword } from '../../../rules/account';
import { isLang, type Lang } from '../../../rules/lang';
import type { AppEnv } from '../../../env';
import { mailer, SendError, smsSender } from '../../../messaging';
import { verificationCodeEmail, verificationCodeSms } from '../../../messaging/templates';
import { publicOriginOf } from '../../../rules/sitemap';
import { readConfig } from '../../configs/queries';
import { apiError } from '../../errors';
import type { CodeChannel } from '../codes';
import { verifyPassword } from '../password';
import type { UserRow } from '../users';

/**
 * What the `auth/*` routes share: the caller's language, address and device as the edge forwards
 * them, the public origin of emailed links, the password rules, the 429 answer and code delivery.
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

async function strongPasswords(c: Context<AppEnv>): Promise<boolean> {
  return (await readConfig(c.env)).options.STRONG_PASSWORD === true;
}

/** Spec §5 Password rule (STRONG_PASSWORD adds a special character). */
export async function requireGoodPassword(c: Context<AppEnv>, password: string, field = 'password'): Promise<void> {
  const problem = checkPassword(password, await strongPasswords(c));
  if (problem) apiError(400, problem, field);
}

/** Spec §5: the new password may not equal the old one. The exact body the reset page looks for. */
export async function refuseSamePassword(user: UserRow, password: string): Promise<void> {
  if (await verifyPassword(user.password_hash, password)) apiError(400, 'BAD_REQUEST:SAME_PASSWORD');
}

export function tooMany(c: Context<AppEnv>, code: string, delay: number, text: string) {
  return c.json({ status: 429, message: `${code}: ${text}`, delay }, 429);
}

/** Delivers a verification code; the SMS/email provider's failure is 502 SEND_FAILED. */
export async function deliverCode(c: Context<AppEnv>, channel: CodeChannel, to: string, code: string): Promise<void> {
  try {
    if (channel === 'sms') await smsSender(c.env).send({ to, text: verificationCodeSms(lang(c), code) });
    else await mailer(c.env).send({ to, ...verificationCodeEmail(lang(c), code) });
  } catch (error) {
    if (error instanceof SendError) apiError(502, 'SEND_FAILED', `${channel} provider`);
    throw error;
  }
}
