import { describe, expect, it } from 'vitest';
import { translate } from '../../worker/i18n';
import { fetchSite } from '../../worker/test/site';

/**
 * Tiles draw their format label themselves, translated (the demo artwork carries no text that a
 * badge or the My List button could cover): a series says so, a film too, in the page's language.
 */

/** The format labels of a page's tiles, in order. */
async function labels(path: string): Promise<string[]> {
  const res = await fetchSite(`http://localhost${path}`);
  expect(res.status, path).toBe(200);
  const body = await res.text();
  return [...body.matchAll(/<span class="badge badge--format">([^<]*)<\/span>/g)].map((m) => m[1] ?? '');
}

describe('tile format labels', () => {
  for (const lang of ['en', 'ar'] as const) {
    const t = translate(lang);
    it(`name the series of the series category and the films of the films category (${lang})`, async () => {
      const series = await labels(`/category/series?lang=${lang}`);
      expect(series.length).toBeGreaterThan(0);
      expect(new Set(series)).toEqual(new Set([t('FORMAT_SERIES')]));
      const films = await labels(`/category/films?lang=${lang}`);
      expect(films.length).toBeGreaterThan(0);
      expect(new Set(films)).toEqual(new Set([t('FORMAT_FILM')]));
    });
  }
});
