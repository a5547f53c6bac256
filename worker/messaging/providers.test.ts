import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Bindings } from '../env';
import { resendMailer } from './resend';
import { twilioSmsSender } from './twilio';
import { SendError } from './types';

/** A fake upstream: records each Request (with its body read) and answers with the next status. */
function upstream(...statuses: number[]) {
  const seen: { request: Request; body: string }[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push({ request, body: new TextDecoder().decode(await request.clone().arrayBuffer()) });
    return new Response('{"message":"upstream says no"}', { status: statuses.shift() ?? 200 });
  };
  return { seen, fetcher };
}

const base = (vars: Partial<Bindings>): Bindings => ({ ...env, DEV_OUTBOX: 'false', ...vars });

describe('Resend', () => {
  const config = base({
    MAIL_PROVIDER: 'resend',
    MAIL_FROM: 'Tafrij <no-reply@tafrij.test>',
    RESEND_API_URL: 'https://resend.fake.test/',
    RESEND_API_KEY: 're_secret_key_123',
  });

  it('POSTs /emails with the Bearer key and the JSON message; non-2xx → SendError with the status only', async () => {
    const { seen, fetcher } = upstream(200, 500);
    const email = { to: 'reader@example.test', subject: 'Subj', text: 'secret body 987654', html: '<p>secret body 987654</p>' };
    await resendMailer(config, fetcher).send(email);

    const [first] = seen;
    expect(first?.request.url).toBe('https://resend.fake.test/emails');
    expect(first?.request.method).toBe('POST');
    expect(first?.request.headers.get('authorization')).toBe('Bearer re_secret_key_123');
    expect(first?.request.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(first?.body ?? '')).toEqual({
      from: 'Tafrij <no-reply@tafrij.test>',
      to: ['reader@example.test'],
      subject: 'Subj',
      text: 'secret body 987654',
      html: '<p>secret body 987654</p>',
    });

    const error = await resendMailer(config, fetcher).send(email).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendError);
    expect((error as SendError).status).toBe(500);
    expect((error as SendError).message).toBe('resend: HTTP 500');
    expect(String(error)).not.toMatch(/re_secret_key_123|987654|upstream says no/);
    expect(seen).toHaveLength(2);
  });

  it('defaults the API URL, and wraps network failures and missing config in SendError', async () => {
    const { seen, fetcher } = upstream(200);
    await resendMailer({ ...config, RESEND_API_URL: '' }, fetcher).send({ to: 'r@example.test', subject: 's', text: 't' });
    expect(seen[0]?.request.url).toBe('https://api.resend.com/emails');

    const down: typeof fetch = () => Promise.reject(new TypeError('connection refused'));
    await expect(resendMailer(config, down).send({ to: 'r@example.test', subject: 's', text: 't' })).rejects.toThrow(
      new SendError('resend: request failed'),
    );
    await expect(resendMailer({ ...config, RESEND_API_KEY: '' }, fetcher).send({ to: 'r@example.test', subject: 's', text: 't' })).rejects.toBeInstanceOf(SendError);
    await expect(resendMailer({ ...config, MAIL_FROM: '' }, fetcher).send({ to: 'r@example.test', subject: 's', text: 't' })).rejects.toBeInstanceOf(SendError);
    expect(seen).toHaveLength(1);
  });
});

describe('Twilio', () => {
  const config = base({
    SMS_PROVIDER: 'twilio',
    TWILIO_FROM: '+15005550006',
    TWILIO_API_URL: 'https://twilio.fake.test',
    TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
    TWILIO_AUTH_TOKEN: 'twilio_token_456',
  });

  it('POSTs Messages.json with Basic auth and a form body; non-2xx → SendError', async () => {
    const { seen, fetcher } = upstream(201, 400);
    await twilioSmsSender(config, fetcher).send({ to: '+212612345678', text: 'Tafrij: code 112233' });

    const [first] = seen;
    expect(first?.request.url).toBe('https://twilio.fake.test/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(first?.request.method).toBe('POST');
    expect(first?.request.headers.get('authorization')).toBe(`Basic ${btoa('AC0123456789abcdef:twilio_token_456')}`);
    expect(first?.request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(first?.body);
    expect(Object.fromEntries(form)).toEqual({ To: '+212612345678', From: '+15005550006', Body: 'Tafrij: code 112233' });

    const error = await twilioSmsSender(config, fetcher).send({ to: '+212612345678', text: 'Tafrij: code 112233' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendError);
    expect((error as SendError).status).toBe(400);
    expect(String(error)).not.toMatch(/twilio_token_456|112233/);
  });

  it('refuses missing credentials and non-E.164 numbers before calling out', async () => {
    const { seen, fetcher } = upstream();
    await expect(twilioSmsSender({ ...config, TWILIO_AUTH_TOKEN: undefined }, fetcher).send({ to: '+212612345678', text: 't' })).rejects.toBeInstanceOf(SendError);
    await expect(twilioSmsSender({ ...config, TWILIO_FROM: '' }, fetcher).send({ to: '+212612345678', text: 't' })).rejects.toBeInstanceOf(SendError);
    await expect(twilioSmsSender(config, fetcher).send({ to: '0612345678', text: 't' })).rejects.toBeInstanceOf(SendError);
    expect(seen).toEqual([]);
  });
});
