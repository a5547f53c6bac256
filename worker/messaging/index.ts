// Email and SMS behind provider interfaces: the dev outbox (D1), Resend and Twilio, chosen by wrangler vars.
import type { Bindings } from '../env';
import { outboxMailer, outboxSmsSender } from './outbox';
import { resendMailer } from './resend';
import { twilioSmsSender } from './twilio';
import { SendError, type Mailer, type SmsSender } from './types';

export { SendError, type Email, type Mailer, type Sms, type SmsSender } from './types';
export { readOutbox, type OutboxMessage } from './outbox';

/** DEV_OUTBOX=true → the D1 outbox; MAIL_PROVIDER=resend → Resend; otherwise every send throws SendError. */
export function mailer(env: Bindings, fetcher: typeof fetch = fetch): Mailer {
  if (env.DEV_OUTBOX === 'true') return outboxMailer(env.DB);
  if (env.MAIL_PROVIDER === 'resend') return resendMailer(env, fetcher);
  return {
    send: () => Promise.reject(new SendError('email provider not configured')),
  };
}

/** DEV_OUTBOX=true → the D1 outbox; SMS_PROVIDER=twilio → Twilio; otherwise every send throws SendError. */
export function smsSender(env: Bindings, fetcher: typeof fetch = fetch): SmsSender {
  if (env.DEV_OUTBOX === 'true') return outboxSmsSender(env.DB);
  if (env.SMS_PROVIDER === 'twilio') return twilioSmsSender(env, fetcher);
  return {
    send: () => Promise.reject(new SendError('sms provider not configured')),
  };
}
