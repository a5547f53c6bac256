import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { outboxMailer, outboxSmsSender, readOutbox } from './outbox';
import { SendError } from './types';

const unique = () => crypto.randomUUID().slice(0, 8);

describe('outbox', () => {
  it('writes emails (text body) and SMS, and reads them back typed', async () => {
    const email = `outbox-${unique()}@example.test`;
    const phone = `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await outboxMailer(env.DB).send({ to: email, subject: 'Hello', text: 'Plain body', html: '<p>Html body</p>' });
    await outboxSmsSender(env.DB).send({ to: phone, text: 'Code 123456' });

    const [mail] = await readOutbox(env.DB, email);
    expect(mail).toMatchObject({ channel: 'email', recipient: email, subject: 'Hello', body: 'Plain body' });
    expect(typeof mail?.id).toBe('number');
    expect(Date.parse(mail?.created_at ?? '')).not.toBeNaN();

    expect(await readOutbox(env.DB, phone)).toEqual([
      expect.objectContaining({ channel: 'sms', recipient: phone, subject: '', body: 'Code 123456' }),
    ]);
  });

  it('reads newest first, filters by recipient and honours the limit', async () => {
    const a = `a-${unique()}@example.test`;
    const b = `b-${unique()}@example.test`;
    const mailer = outboxMailer(env.DB);
    for (const n of [1, 2, 3]) await mailer.send({ to: a, subject: `A${n}`, text: 'x' });
    await mailer.send({ to: b, subject: 'B1', text: 'y' });

    expect((await readOutbox(env.DB, a)).map((m) => m.subject)).toEqual(['A3', 'A2', 'A1']);
    expect((await readOutbox(env.DB, a, 2)).map((m) => m.subject)).toEqual(['A3', 'A2']);
    expect((await readOutbox(env.DB, b)).map((m) => m.subject)).toEqual(['B1']);
    const all = await readOutbox(env.DB);
    expect(all[0]?.subject).toBe('B1');
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.length).toBeLessThanOrEqual(50);
    expect(await readOutbox(env.DB, `nobody-${unique()}@example.test`)).toEqual([]);
  });

  it('refuses malformed recipients like the real providers', async () => {
    await expect(outboxMailer(env.DB).send({ to: 'not-an-email', subject: 's', text: 't' })).rejects.toBeInstanceOf(SendError);
    await expect(outboxMailer(env.DB).send({ to: 'a@b.test\r\nBcc: x@y.test', subject: 's', text: 't' })).rejects.toBeInstanceOf(SendError);
    await expect(outboxSmsSender(env.DB).send({ to: '0612345678', text: 't' })).rejects.toBeInstanceOf(SendError);
    expect(await readOutbox(env.DB, '0612345678')).toEqual([]);
  });
});
