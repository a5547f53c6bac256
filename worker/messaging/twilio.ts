// Twilio Programmable Messaging: POST /2010-04-01/Accounts/{SID}/Messages.json, Basic auth, form-encoded.
import type { Bindings } from '../env';
import { baseUrl, checkSmsRecipient, SendError, type SmsSender } from './types';

export function twilioSmsSender(env: Bindings, fetcher: typeof fetch = fetch): SmsSender {
  return {
    async send(sms) {
      const sid = env.TWILIO_ACCOUNT_SID;
      const token = env.TWILIO_AUTH_TOKEN;
      if (!sid || !token) throw new SendError('twilio: TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN is not set');
      if (!env.TWILIO_FROM) throw new SendError('twilio: TWILIO_FROM is not set');
      checkSmsRecipient(sms.to);
      const url = `${baseUrl(env.TWILIO_API_URL, 'https://api.twilio.com')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
      const form = new URLSearchParams({ To: sms.to, From: env.TWILIO_FROM, Body: sms.text });
      let res: Response;
      try {
        res = await fetcher(url, {
          method: 'POST',
          headers: { Authorization: `Basic ${btoa(`${sid}:${token}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
      } catch (cause) {
        throw new SendError('twilio: request failed', { cause });
      }
      await res.body?.cancel();
      if (!res.ok) throw new SendError(`twilio: HTTP ${res.status}`, { status: res.status });
    },
  };
}
