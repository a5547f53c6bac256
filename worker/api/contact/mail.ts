import type { Context } from 'hono';
import type { AppEnv, Bindings } from '../../env';
import { mailer, type Email } from '../../messaging';

/** Where support's own emails go (the contact form's messages, customers' replies): SUPPORT_EMAIL. */
const DEFAULT_SUPPORT_EMAIL = 'support@tafrij.ma';
export const supportAddress = (env: Pick<Bindings, 'SUPPORT_EMAIL'>): string => env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;

/**
 * Sends one email of the contact area (`kind`: support, acknowledgement, support-reply…); a failure
 * is logged with the ticket (the ticket and its messages stand) and answers false.
 */
export async function sendMail(c: Context<AppEnv>, kind: string, ticket: string, email: Email): Promise<boolean> {
  try {
    await mailer(c.env).send(email);
    return true;
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', event: 'contact_email_failed', kind, ticket, requestId: c.req.header('x-request-id'), error: String(error) }));
    return false;
  }
}
