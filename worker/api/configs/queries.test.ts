import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../test/site';
import { appsOf, forgetStoredConfig, readConfig } from './queries';

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
    forgetStoredConfig();
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
      forgetStoredConfig();
    }
  });
});

describe('the config rows and plans an isolate keeps', () => {
  it('are read again once CACHE_TTL_SECONDS have passed, not before', async () => {
    const settings = { ...env, CACHE_TTL_SECONDS: '60' };
    forgetStoredConfig();
    const start = 1_900_000_000_000;
    const before = await readConfig(settings, start);
    const { meta } = await env.DB.prepare("INSERT OR REPLACE INTO config (key, value) VALUES ('notifications', ?1)").bind(JSON.stringify(!before.notifications)).run();
    expect(meta.changes).toBe(1);
    try {
      expect((await readConfig(settings, start + 59_000)).notifications).toBe(before.notifications);
      expect((await readConfig(settings, start + 60_000)).notifications).toBe(!before.notifications);
    } finally {
      await env.DB.prepare("INSERT OR REPLACE INTO config (key, value) VALUES ('notifications', ?1)").bind(JSON.stringify(before.notifications)).run();
      forgetStoredConfig();
    }
  });

  it('are read once by parallel requests', async () => {
    forgetStoredConfig();
    const spy = vi.spyOn(env.DB, 'prepare');
    try {
      const configs = await Promise.all(Array.from({ length: 20 }, () => readConfig(env, 1_900_000_000_000)));
      expect(new Set(configs.map((c) => JSON.stringify(c))).size).toBe(1);
      expect(spy.mock.calls.map(([sql]) => sql).filter((sql) => /FROM (config|plans)\b/.test(sql))).toHaveLength(2);
    } finally {
      spy.mockRestore();
      forgetStoredConfig();
    }
  });
});

