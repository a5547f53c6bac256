import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/site';
import { appsOf, readConfig } from './queries';

/** The apps' store pages are settings (IOS_APP_URL, ANDROID_APP_URL): unset, no banner. */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('the apps’ store pages', () => {
  it('come from the settings only: https URLs, anything else left out', () => {
    expect(appsOf({ IOS_APP_URL: '', ANDROID_APP_URL: '' })).toEqual({});
    expect(appsOf({ IOS_APP_URL: 'https://apps.apple.com/ma/app/tafrij/id1', ANDROID_APP_URL: 'https://play.google.com/store/apps/details?id=ma.tafrij' })).toEqual({
      ios: 'https://apps.apple.com/ma/app/tafrij/id1',
      android: 'https://play.google.com/store/apps/details?id=ma.tafrij',
    });
    expect(appsOf({ IOS_APP_URL: 'http://apps.apple.com/x', ANDROID_APP_URL: 'javascript:alert(1)' })).toEqual({});
  });

  it('ignore store pages left in the config table, so unset settings mean no banner', async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO config (key, value) VALUES ('apps', ?1)").bind(JSON.stringify({ ios: 'https://apps.apple.com/ma/app/made-up/id6470012345' })).run();
    try {
      const config = await readConfig({ ...env, IOS_APP_URL: '', ANDROID_APP_URL: '' });
      expect(config.apps).toEqual({});
      const set = await readConfig({ ...env, IOS_APP_URL: 'https://apps.apple.com/ma/app/tafrij/id1', ANDROID_APP_URL: '' });
      expect(set.apps).toEqual({ ios: 'https://apps.apple.com/ma/app/tafrij/id1' });
      // A phone on the site with no store page set: no app banner, no store badge.
      const { html } = await call('/page/help-center?lang=en', { headers: { 'User-Agent': IPHONE } });
      expect(html).not.toContain('data-island="app-banner"');
      expect(html).not.toContain('apps.apple.com');
      // …and no "Get the app" heading over nothing in the footer.
      expect(html).not.toContain('class="footer__apps"');
    } finally {
      await env.DB.prepare("DELETE FROM config WHERE key = 'apps'").run();
    }
  });
});
