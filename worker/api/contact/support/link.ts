import { fromBase64url, toBase64url } from '../../../rules/base64url';
import { REPLY_LINK_DAYS, REPLY_TOKEN } from '../../../rules/support';
import { done, refused, type Result } from '../../kernel/refusals';

/**
 * The link of a reply email (issue 32): `/contact/reply/{token}`, where the customer reads the
 * thread and answers. token = `{ticket}.{exp}.{sig}`, exp in unix seconds, sig =
 * base64url(HMAC-SHA256(secret, "support-reply:{ticket}:{exp}")) with the server's secret (as the
 * signed media URLs and the one-time codes: kernel/tokens.ts serverSecret). Nothing is stored: a
 * forged or changed token fails the signature, an old one its expiry.
 */

const encoder = new TextEncoder();
const message = (ticket: string, exp: number) => encoder.encode(`support-reply:${ticket}:${exp}`);
const hmacKey = (secret: string) => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);

export type ReplyLink = { token: string; expiresAt: Date };

/** A token for `ticket`, good for REPLY_LINK_DAYS from `now`. */
export async function signReplyToken(secret: string, ticket: string, now: Date): Promise<ReplyLink> {
  const exp = Math.floor(now.getTime() / 1000) + REPLY_LINK_DAYS * 86_400;
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), message(ticket, exp)));
  return { token: `${ticket}.${exp}.${toBase64url(sig)}`, expiresAt: new Date(exp * 1000) };
}

/** LINK_INVALID: malformed or forged; LINK_EXPIRED: signed by us but past its day (its ticket given as the detail). */
export type LinkRefusal = 'LINK_INVALID' | 'LINK_EXPIRED';

/** The ticket a token opens at `now`, checked in constant time. */
export async function verifyReplyToken(secret: string, token: string, now: Date): Promise<Result<{ ticket: string; expiresAt: Date }, LinkRefusal>> {
  const match = REPLY_TOKEN.exec(token);
  if (!match) return refused('LINK_INVALID');
  const [, ticket = '', expText = '', sigText = ''] = match;
  const sig = fromBase64url(sigText);
  // Only the canonical encoding: a token that differs from the signed one is not accepted.
  if (!sig || sig.byteLength !== 32 || toBase64url(sig) !== sigText) return refused('LINK_INVALID');
  const exp = Number(expText);
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret), sig, message(ticket, exp)))) return refused('LINK_INVALID');
  if (exp * 1000 <= now.getTime()) return refused('LINK_EXPIRED', ticket);
  return done({ ticket, expiresAt: new Date(exp * 1000) });
}
