import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { Bindings } from '../env';
import { mailer, readOutbox, SendError, smsSender } from '.';

const unique = () => crypto.randomUUID().slice(0, 8);
const phone = () => `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A fetcher that must never be called. */
const noNetwork: typeof fetch = () => Promise.reject(new Error('unexpected network call'));

/** A production-like env: outbox off, providers configured, secrets set. */
const production = (): Bindings => ({
  ...env,
  DEV_OUTBOX: 'false',
  MAIL_PROVIDER: 'resend',
  MAIL_FROM: 'Tafrij <no-reply@tafrij.test>',
  RESEND_API_KEY: 're_test_key',
  SMS_PROVIDER: 'twilio',
  TWILIO_FROM: '+15005550006',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'tok',
});

describe('provider selection', () => {
  it('DEV_OUTBOX=true wins over configured providers and never touches the network', async () => {
    const to = `dev-${unique()}@example.test`;
    const sms = phone();
    const dev = { ...production(), DEV_OUTBOX: 'true' };
    await mailer(dev, noNetwork).send({ to, subject: 'S', text: 'T' });
    await smsSender(dev, noNetwork).send({ to: sms, text: 'T' });
    expect(await readOutbox(env.DB, to)).toHaveLength(1);
    expect(await readOutbox(env.DB, sms)).toHaveLength(1);
  });

  it('the test env has DEV_OUTBOX=true and no provider', () => {
    expect(env.DEV_OUTBOX).toBe('true');
  });

  it('unconfigured providers throw SendError and write nothing', async () => {
    const to = `none-${unique()}@example.test`;
    const sms = phone();
    const off = { ...env, DEV_OUTBOX: 'false', MAIL_PROVIDER: '', SMS_PROVIDER: '' };
    await expect(mailer(off, noNetwork).send({ to, subject: 'S', text: 'T' })).rejects.toThrow(
      new SendError('email provider not configured'),
    );
    await expect(smsSender(off, noNetwork).send({ to: sms, text: 'T' })).rejects.toBeInstanceOf(SendError);
    const unknown = { ...off, MAIL_PROVIDER: 'sendgrid', SMS_PROVIDER: 'nexmo' };
    await expect(mailer(unknown, noNetwork).send({ to, subject: 'S', text: 'T' })).rejects.toBeInstanceOf(SendError);
    await expect(smsSender(unknown, noNetwork).send({ to: sms, text: 'T' })).rejects.toBeInstanceOf(SendError);
    expect(await readOutbox(env.DB, to)).toEqual([]);
    expect(await readOutbox(env.DB, sms)).toEqual([]);
  });

  it('a production-like env sends through the providers and never writes to the outbox', async () => {
    const to = `prod-${unique()}@example.test`;
    const sms = phone();
    const urls: string[] = [];
    const upstream: typeof fetch = async (input, init) => {
      urls.push(new Request(input, init).url);
      return new Response('{}', { status: 200 });
    };
    await mailer(production(), upstream).send({ to, subject: 'S', text: 'T' });
    await smsSender(production(), upstream).send({ to: sms, text: 'T' });
    expect(urls).toEqual(['https://api.resend.com/emails', 'https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json']);
    expect(await readOutbox(env.DB, to)).toEqual([]);
    expect(await readOutbox(env.DB, sms)).toEqual([]);
  });

  it('a configured provider with missing secrets throws SendError without calling out', async () => {
    const bare = { ...production(), RESEND_API_KEY: undefined, TWILIO_AUTH_TOKEN: undefined };
    await expect(mailer(bare, noNetwork).send({ to: 'x@example.test', subject: 'S', text: 'T' })).rejects.toBeInstanceOf(SendError);
    await expect(smsSender(bare, noNetwork).send({ to: phone(), text: 'T' })).rejects.toBeInstanceOf(SendError);
    const noFrom = { ...production(), MAIL_FROM: '', TWILIO_FROM: '' };
    await expect(mailer(noFrom, noNetwork).send({ to: 'x@example.test', subject: 'S', text: 'T' })).rejects.toBeInstanceOf(SendError);
    await expect(smsSender(noFrom, noNetwork).send({ to: phone(), text: 'T' })).rejects.toBeInstanceOf(SendError);
  });
});
