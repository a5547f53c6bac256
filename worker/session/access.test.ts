import { describe, expect, it } from 'vitest';
import { hasActiveSubscription } from '../rules/subscription';
import { accessRedirect } from './access';

const guest = { isAnonymous: true, subscription_id: null, subscription_end: null };
const member = { isAnonymous: false, subscription_id: null, subscription_end: null };
const subscriber = { isAnonymous: false, subscription_id: 3, subscription_end: '2999-01-01' };
const config = (app_access: 'open' | 'authentication' | 'subscription', options: Record<string, boolean> = {}, login_redirect = '') => ({ app_access, options, login_redirect });

describe('app access mode (spec §4)', () => {
  it('open: everyone sees everything', () => {
    for (const path of ['/', '/content/x', '/category/films', '/favs']) expect(accessRedirect(config('open'), guest, path)).toBeNull();
  });

  it("authentication: guests are sent from the login-required routes to /login with the way back", () => {
    expect(accessRedirect(config('authentication'), guest, '/content/x', '?lang=fr')).toBe('/login?redirect=%2Fcontent%2Fx%3Flang%3Dfr');
    expect(accessRedirect(config('authentication'), guest, '/')).toBe('/login?redirect=%2F');
    expect(accessRedirect(config('authentication'), guest, '/favs')).toBe('/login?redirect=%2Ffavs');
    expect(accessRedirect(config('authentication'), guest, '/page/help-center')).toBeNull();
    expect(accessRedirect(config('authentication'), guest, '/login')).toBeNull();
    expect(accessRedirect(config('authentication'), member, '/content/x')).toBeNull();
  });

  it('authentication: the configured login redirect, or / with REDIRECT_LOGIN', () => {
    expect(accessRedirect(config('authentication', {}, '/page/welcome'), guest, '/category/films')).toBe('/page/welcome');
    expect(accessRedirect(config('authentication', { REDIRECT_LOGIN: true }), guest, '/category/films')).toBe('/');
    expect(accessRedirect(config('authentication', { REDIRECT_LOGIN: true }), guest, '/')).toBeNull();
  });

  it('subscription: members without an active subscription go to /profile?t=subscriptions', () => {
    expect(accessRedirect(config('subscription'), member, '/')).toBe('/profile?t=subscriptions');
    expect(accessRedirect(config('subscription'), member, '/player/x')).toBe('/profile?t=subscriptions');
    expect(accessRedirect(config('subscription'), member, '/profile')).toBeNull();
    expect(accessRedirect(config('subscription'), subscriber, '/player/x')).toBeNull();
    expect(accessRedirect(config('subscription'), guest, '/search')).toBe('/login?redirect=%2Fsearch');
  });

  it('a subscription is active until its end date, cancelled or not', () => {
    expect(hasActiveSubscription({ subscription_id: 1, subscription_end: '2026-11-21' }, '2026-11-21')).toBe(true);
    expect(hasActiveSubscription({ subscription_id: 1, subscription_end: '2026-11-20' }, '2026-11-21')).toBe(false);
    expect(hasActiveSubscription({ subscription_id: null, subscription_end: '2030-01-01' }, '2026-11-21')).toBe(false);
  });
});
