import { describe, expect, it } from 'vitest';
import { fetchSite } from '../../test/site';
import { translate } from '../../i18n';

const en = translate('en');
const page = async (path: string) => {
  const res = await fetchSite(`http://localhost${path}`, { headers: { 'User-Agent': 'Mozilla/5.0 test' } });
  return { res, html: await res.text() };
};
/** The island's props, as sent to the browser in data-props. */
const propsOf = (html: string): { results: { slug: string }[]; recommendations: { slug: string }[]; end: boolean; criteria: Record<string, string>; years: number[] } => {
  const match = /data-island="search"[^>]*data-props="([^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('no search island');
  return JSON.parse(match[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>'));
};

describe('/search page (server-rendered, works without JavaScript)', () => {
  it('renders the form, filters and the first page of results of ?q=', async () => {
    const { res, html } = await page('/search?q=Derniere%20caravane');
    expect(res.status).toBe(200);
    expect(html).toContain(`<title>Derniere caravane – ${en('TITLE_SEARCH')} | Tafrij</title>`);
    const form = /<form[^>]*class="search__form"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('role="search"');
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/search"');
    expect(html).toMatch(/<input id="search-q"[^>]*name="q"[^>]*value="Derniere caravane"/);
    expect(html).toContain('href="/content/the-last-caravan"');
    for (const name of ['year', 'format', 'genre', 'type']) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('<option value="films">Films</option>');
    const props = propsOf(html);
    expect(props.results.map((r) => r.slug)).toEqual(['the-last-caravan']);
    expect(props.end).toBe(true);
    expect(props.years.length).toBeGreaterThan(3);
  });

  it('finds Arabic titles however they are typed and keeps the filters of the URL', async () => {
    const { html } = await page(`/search?q=${encodeURIComponent('إلربـاط')}&lang=ar`);
    expect(html).toContain('<html lang="ar" dir="rtl" ');
    expect(propsOf(html).results.map((r) => r.slug)).toContain('the-stork-of-rabat');
    const filtered = propsOf((await page('/search?year=2024&type=playlist')).html);
    expect(filtered.criteria).toMatchObject({ year: '2024', type: 'playlist', q: '' });
    expect(filtered.results.length).toBeGreaterThan(0);
  });

  it('offers recommendations when nothing is asked or nothing is found', async () => {
    const idle = await page('/search');
    expect(idle.res.status).toBe(200);
    expect(idle.html).toContain(en('SEARCH_RECOMMENDATIONS'));
    expect(propsOf(idle.html).recommendations.length).toBeGreaterThan(0);
    const none = await page('/search?q=zzqqxxw');
    expect(none.html).toContain(en('SEARCH_NO_RESULTS', { q: 'zzqqxxw' }).replaceAll('“', '“'));
    expect(propsOf(none.html).recommendations.length).toBeGreaterThan(0);
  });

  it('links to the next page while there are more results, and ignores malformed parameters', async () => {
    const { html } = await page('/search?type=video&year=abc&direction=sideways');
    const props = propsOf(html);
    expect(props.results).toHaveLength(40);
    expect(props.end).toBe(false);
    expect(html).toContain('href="/search?type=video&amp;page=2"');
    const second = propsOf((await page('/search?type=video&page=2')).html);
    expect(second.results.length).toBeLessThan(40);
    expect(second.end).toBe(true);
  });
});
