import { describe, expect, it } from 'vitest';
import { countDay, isSafeLink, isSitePath, SANDBOX_EXTERNAL, SANDBOX_SITE, webviewOrigins, webviewTarget } from './partners';

describe('isSafeLink: where an ad or a partner may lead (no open redirect)', () => {
  it('takes https URLs and paths of this site', () => {
    for (const url of ['https://www.example.com/offer?x=1', '/subscription', '/partners/atlas-films?lang=ar']) expect(isSafeLink(url), url).toBe(true);
  });

  it('refuses other schemes, other-host paths and credentials', () => {
    for (const url of ['http://example.com', 'javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', '\\\\evil.example', 'https://user:pw@example.com', '', 'subscription', '/ spaced'])
      expect(isSafeLink(url), url).toBe(false);
    expect(isSitePath('//evil.example')).toBe(false);
  });
});

describe('webviewTarget: what /page/{slug} embeds', () => {
  const allowed = webviewOrigins(' https://Festival.example.ma/ , http://insecure.example, javascript:alert(1), https://library.example:8443');

  it('keeps only https origins of WEBVIEW_ORIGINS', () => {
    expect(allowed).toEqual(['https://festival.example.ma', 'https://library.example:8443']);
  });

  it('embeds a page of this site without scripts or origin, and a listed origin with its own', () => {
    expect(webviewTarget('/embed/partners/x', allowed)).toEqual({ embed: true, url: '/embed/partners/x', sandbox: SANDBOX_SITE });
    expect(webviewTarget('https://festival.example.ma/programme', allowed)).toEqual({ embed: true, url: 'https://festival.example.ma/programme', sandbox: SANDBOX_EXTERNAL });
    expect(webviewTarget('https://library.example:8443/card', allowed)).toMatchObject({ embed: true });
    for (const sandbox of [SANDBOX_SITE, SANDBOX_EXTERNAL]) expect(sandbox).not.toContain('allow-top-navigation');
    expect(SANDBOX_SITE).not.toContain('allow-same-origin');
  });

  it('refuses any other origin, scheme or port', () => {
    expect(webviewTarget('https://evil.example/x', allowed)).toEqual({ embed: false, origin: 'https://evil.example' });
    expect(webviewTarget('http://festival.example.ma/x', allowed)).toMatchObject({ embed: false });
    expect(webviewTarget('https://library.example/card', allowed)).toMatchObject({ embed: false });
    expect(webviewTarget('//festival.example.ma/x', allowed)).toMatchObject({ embed: false });
    expect(webviewTarget('javascript:alert(1)', allowed)).toMatchObject({ embed: false });
  });
});

it('counts per UTC day', () => {
  expect(countDay(new Date('2031-06-01T23:59:59Z'))).toBe('2031-06-01');
});
