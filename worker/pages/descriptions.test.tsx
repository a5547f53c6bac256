import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { call, html, quietConsole, registered } from '../test/site';

/** Spec §2: "Page titles and descriptions exist for" login, register, forgot password, the account page and profiles. */

quietConsole();

const descriptionOf = (page: string): string | undefined => /<meta name="description" content="([^"]*)"/.exec(page)?.[1];

describe('page descriptions (spec §2)', () => {
  it.each([
    ['/login', 'DESCRIPTION_LOGIN'],
    ['/register', 'DESCRIPTION_REGISTER'],
    ['/forgot', 'DESCRIPTION_FORGOT'],
  ])('%s has its description in every language', async (path, key) => {
    for (const lang of ['en', 'fr', 'ar', 'es'] as const) {
      const { res, html: page } = await call(`${path}?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(descriptionOf(page)).toBe(html(translate(lang)(key)));
    }
  });

  it.each([
    ['/profile', 'DESCRIPTION_SETTINGS_PROFILE'],
    ['/profiles', 'DESCRIPTION_PROFILES'],
  ])("a member's %s has its description", async (path, key) => {
    const { jar } = await registered();
    const { res, html: page } = await call(`${path}?lang=ar`, {}, jar);
    expect(res.status).toBe(200);
    expect(descriptionOf(page)).toBe(html(translate('ar')(key)));
  });
});
