import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { mailer, smsSender } from '.';
import { devOutbox, linkify } from './outbox-page';
import { resetPasswordEmail } from './templates';

const unique = () => crypto.randomUUID().slice(0, 8);

describe('dev outbox page', () => {
  it('lists messages with clickable links, newest first, filtered by ?to=', async () => {
    const to = `page-${unique()}@example.test`;
    const link = `https://tafrij.test/reset-password?token=${unique()}&x=1`;
    await mailer(env).send({ to, ...resetPasswordEmail('en', link) });
    await mailer(env).send({ to, subject: 'Second <b>', text: 'Later message' });

    const res = await devOutbox.request(`/?to=${encodeURIComponent(to)}`, {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    expect(page.match(/data-testid="outbox-message"/g)).toHaveLength(2);
    expect(page).toContain(`<a href="${link.replace('&', '&amp;')}">`);
    expect(page).toContain('Reset your Tafrij password');
    expect(page).toContain('Second &lt;b&gt;');
    expect(page.indexOf('Later message')).toBeLessThan(page.indexOf('Reset your Tafrij password'));
    expect(page).toContain(to);
  });

  it('lists SMS and all recipients without a filter', async () => {
    const phone = `+2126${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await smsSender(env).send({ to: phone, text: 'Tafrij: your code is 135790.' });
    const page = await (await devOutbox.request('/', {}, env)).text();
    expect(page).toContain(`data-recipient="${phone}"`);
    expect(page).toContain('135790');
  });

  it('answers 404 when DEV_OUTBOX is not "true"', async () => {
    for (const DEV_OUTBOX of ['false', '', 'TRUE']) {
      const res = await devOutbox.request('/', {}, { ...env, DEV_OUTBOX });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('Not found');
    }
  });
});

describe('linkify', () => {
  it('escapes text and links http(s) URLs without trailing punctuation', () => {
    expect(linkify('Go to https://a.test/x?y=1&z=2. <b>now</b>')).toBe(
      'Go to <a href="https://a.test/x?y=1&amp;z=2">https://a.test/x?y=1&amp;z=2</a>. &lt;b&gt;now&lt;/b&gt;',
    );
    expect(linkify('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});
