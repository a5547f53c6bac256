import { describe, expect, it } from 'vitest';
import { callApi, registeredUser } from '../test/accounts';
import { call, registered } from '../test/site';

/** Issue 12: API answers about a user are never kept by a browser or a shared cache. */
describe('Cache-Control on API answers', () => {
  it('is private, no-store on answers about a user, in-process and through the browser API', async () => {
    const { tokens } = await registeredUser();
    for (const path of ['/auth/user', '/auth/profiles', '/actions/favs', '/pages/category/notifications']) {
      const res = await callApi(path, { token: tokens.token });
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    const { jar } = await registered();
    const { res } = await call('/api/auth/user', {}, jar);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('also on a login answer and on errors', async () => {
    const failed = await callApi('/auth/login', { method: 'POST', body: { login: 'nobody@example.com', password: 'Wrong1234' } });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.headers.get('cache-control')).toBe('private, no-store');
    expect((await callApi('/no/such/route')).headers.get('cache-control')).toBe('private, no-store');
  });
});
