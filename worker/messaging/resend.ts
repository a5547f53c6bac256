// Resend (https://resend.com/docs/api-reference/emails/send-email): POST /emails with a Bearer API key.
import type { Bindings } from '../env';
import { baseUrl, checkEmailRecipient, SendError, type Mailer } from './types';

export function resendMailer(env: Bindings, fetcher: typeof fetch = fetch): Mailer {
  return {
    async send(email) {
      const key = env.RESEND_API_KEY;
      if (!key) throw new SendError('resend: RESEND_API_KEY is not set');
      if (!env.MAIL_FROM) throw new SendError('resend: MAIL_FROM is not set');
      checkEmailRecipient(email.to);
      const url = `${baseUrl(env.RESEND_API_URL, 'https://api.resend.com')}/emails`;
      const body = { from: env.MAIL_FROM, to: [email.to], subject: email.subject, text: email.text, html: email.html };
      let res: Response;
      try {
        res = await fetcher(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      } catch (cause) {
        throw new SendError('resend: request failed', { cause });
      }
      await res.body?.cancel();
      if (!res.ok) throw new SendError(`resend: HTTP ${res.status}`, { status: res.status });
    },
  };
}
