import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import app from '../../index';
import { isLocalHost } from '.';

const get = (url: string, devOutbox: 'true' | 'false') => app.request(url, {}, { ...env, DEV_OUTBOX: devOutbox }, createExecutionContext());

describe('DEV_OUTBOX off local hosts', () => {
  it('knows local hosts', () => {
    for (const host of ['localhost', 'app.localhost', 'tafrij.test', '127.0.0.1', '[::1]', '192.168.1.20', '10.0.0.5', '172.20.1.1']) expect(isLocalHost(host), host).toBe(true);
    for (const host of ['tafrij.ma', 'tafrij.workers.dev', 'evil.example', '8.8.8.8', '172.32.0.1', 'localhost.evil.com']) expect(isLocalHost(host), host).toBe(false);
  });

  it('is refused on a public hostname, with a log line; the outbox and the site stay closed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const path of ['/dev/outbox', '/', '/api/configs']) {
      const res = await get(`https://tafrij.ma${path}`, 'true');
      expect(res.status, path).toBe(503);
      expect(await res.text()).not.toContain('outbox');
    }
    expect(error.mock.calls.flat().join(' ')).toContain('DEV_OUTBOX=true on tafrij.ma');
    error.mockRestore();
  });

  it('works on local hosts, and the public site works with it off', async () => {
    expect((await get('http://localhost:8787/dev/outbox', 'true')).status).toBe(200);
    expect((await get('https://tafrij.ma/healthcheck', 'false')).status).toBe(200);
    expect((await get('https://tafrij.ma/dev/outbox', 'false')).status).toBe(404);
  });
});
