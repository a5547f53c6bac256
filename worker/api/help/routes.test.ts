import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELP_CATEGORIES, HELP_QUERY_MAX } from '../../rules/help';
import { callApi, messageOf } from '../../test/accounts';
import type { HelpArticlePage, HelpIndex, HelpSuggestions, HelpVotes } from './schemas';
import { seedHelpArticles } from './testing';

beforeAll(seedHelpArticles);

const get = async <T>(path: string): Promise<T> => {
  const res = await callApi(path);
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return JSON.parse(body) as T;
};
const slugs = (list: { slug: string }[] | null) => (list ?? []).map((a) => a.slug);
const counts = (slug: string) => env.DB.prepare('SELECT helpful_yes, helpful_no FROM help_articles WHERE slug = ?1').bind(slug).first<{ helpful_yes: number; helpful_no: number }>();

describe('GET /pages/help', () => {
  it('lists every category in order with its articles, in the asked language', async () => {
    const help = await get<HelpIndex>('/pages/help?lang=ar');
    expect(help.results).toBeNull();
    expect(help.categories.map((c) => c.slug)).toEqual([...HELP_CATEGORIES]);
    for (const category of help.categories) expect(category.articles.length, category.slug).toBeGreaterThan(0);
    const account = help.categories.find((c) => c.slug === 'account');
    expect(account?.articles.find((a) => a.slug === 'forgot-password')).toMatchObject({ question: 'نسيت كلمة السر', category: 'account' });
    expect(help.categories.flatMap((c) => c.articles).length).toBeGreaterThanOrEqual(30);
  });

  it('lists one category when asked', async () => {
    const help = await get<HelpIndex>('/pages/help?lang=fr&category=libraries');
    expect(help.category).toBe('libraries');
    expect(help.categories.map((c) => c.slug)).toEqual(['libraries']);
    expect(slugs(help.categories[0]?.articles ?? [])).toContain('library-card');
  });

  it('finds the password article with "كلمة السر" in Arabic and "mot de passe" in French', async () => {
    const ar = await get<HelpIndex>(`/pages/help?lang=ar&query=${encodeURIComponent('كلمة السر')}`);
    expect(ar.categories).toEqual([]);
    expect(slugs(ar.results).slice(0, 2)).toContain('forgot-password');
    expect(ar.results?.find((a) => a.slug === 'forgot-password')?.answer).toContain('/forgot');

    const fr = await get<HelpIndex>(`/pages/help?lang=fr&query=${encodeURIComponent('mot de passe')}`);
    expect(slugs(fr.results).slice(0, 2)).toContain('forgot-password');
    expect(fr.results?.find((a) => a.slug === 'forgot-password')?.question).toBe('J’ai oublié mon mot de passe');
  });

  it('folds Arabic and Latin as the catalogue search does, across languages', async () => {
    // Taa marbuta as haa, the other Arabic word for password, and a French query on an Arabic page.
    for (const query of ['كلمه السر', 'كلمة المرور', 'MOT DE PASSE', 'mot de pas', 'contraseña', 'contrasena']) {
      const found = await get<HelpIndex>(`/pages/help?lang=ar&query=${encodeURIComponent(query)}`);
      expect(slugs(found.results), query).toContain('forgot-password');
    }
  });

  it('searches inside one category, and finds nothing for text with nothing searchable', async () => {
    const billing = await get<HelpIndex>('/pages/help?lang=en&query=card&category=subscriptions-and-payments');
    expect(billing.results?.length).toBeGreaterThan(0);
    expect(billing.results?.every((a) => a.category === 'subscriptions-and-payments')).toBe(true);
    expect((await get<HelpIndex>('/pages/help?lang=en&query=%21%21%21')).results).toEqual([]);
    expect((await get<HelpIndex>('/pages/help?lang=en&query=zzzqqqxxx')).results).toEqual([]);
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: [string, RegExp][] = [
      ['/pages/help?category=films', /^BAD_REQUEST: category: one of account, profiles-and-kids/],
      [`/pages/help?query=${'a'.repeat(HELP_QUERY_MAX + 1)}`, /^BAD_REQUEST: query: at most 200 characters/],
      ['/pages/help?lang=xx', /^BAD_REQUEST: lang:/],
    ];
    for (const [path, message] of cases) {
      const res = await callApi(path);
      expect(res.status, path).toBe(400);
      expect(await messageOf(res), path).toMatch(message);
    }
  });
});

describe('GET /pages/help/suggest', () => {
  it('answers the top 5 questions for what is being typed (the last word as a prefix)', async () => {
    const found = await get<HelpSuggestions>('/pages/help/suggest?lang=en&query=passw');
    expect(found.suggestions.length).toBeGreaterThan(0);
    expect(found.suggestions.length).toBeLessThanOrEqual(5);
    expect(slugs(found.suggestions)).toContain('forgot-password');
    expect(Object.keys(found.suggestions[0] ?? {}).sort()).toEqual(['category', 'question', 'slug']);
    const many = await get<HelpSuggestions>('/pages/help/suggest?lang=en&query=a');
    expect(many.suggestions.length).toBe(5);
  });

  it('needs a query', async () => {
    for (const path of ['/pages/help/suggest?lang=en', '/pages/help/suggest?query=%20%20']) {
      const res = await callApi(path);
      expect(res.status, path).toBe(400);
      expect(await messageOf(res)).toMatch(/^BAD_REQUEST: query: /);
    }
  });
});

describe('GET /pages/help/{slug}', () => {
  it('answers one article with its counts and the other questions of its category', async () => {
    const page = await get<HelpArticlePage>('/pages/help/forgot-password?lang=es');
    expect(page.article).toMatchObject({ slug: 'forgot-password', category: 'account', question: 'He olvidado mi contraseña' });
    expect(page.article.helpful_yes).toBeTypeOf('number');
    expect(page.related.length).toBeGreaterThan(0);
    expect(slugs(page.related)).not.toContain('forgot-password');
    expect(page.related.every((r) => r.category === 'account')).toBe(true);
  });

  it('answers 404 for an unknown article and 400 for a malformed slug', async () => {
    const unknown = await callApi('/pages/help/no-such-article');
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('HELP_ARTICLE_NOT_FOUND: no-such-article');
    const bad = await callApi('/pages/help/Not_A_Slug');
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toMatch(/^BAD_REQUEST: slug:/);
  });
});

describe('POST /pages/help/{slug}/helpful', () => {
  it('counts a yes and a no', async () => {
    const before = await counts('change-language');
    const yes = await callApi('/pages/help/change-language/helpful', { method: 'POST', body: { helpful: true } });
    expect(yes.status).toBe(200);
    expect((await yes.json()) as HelpVotes).toEqual({ slug: 'change-language', helpful_yes: (before?.helpful_yes ?? 0) + 1, helpful_no: before?.helpful_no ?? 0 });
    const no = await callApi('/pages/help/change-language/helpful', { method: 'POST', body: { helpful: false } });
    expect(((await no.json()) as HelpVotes).helpful_no).toBe((before?.helpful_no ?? 0) + 1);
  });

  it('refuses a body without a boolean with a 400, and an unknown article with a 404, counting nothing', async () => {
    const before = await counts('profiles');
    const bodies: [{ body?: unknown; rawBody?: string }, RegExp][] = [
      [{ body: { helpful: 'yes' } }, /^BAD_REQUEST: helpful: must be true or false/],
      [{ body: {} }, /^BAD_REQUEST: helpful: must be true or false/],
      [{ body: { helpful: true, extra: 1 } }, /^BAD_REQUEST: /],
      [{ rawBody: '{"helpful":' }, /^BAD_REQUEST: body: expected JSON/],
    ];
    for (const [init, message] of bodies) {
      const res = await callApi('/pages/help/profiles/helpful', { method: 'POST', ...init });
      expect(res.status, JSON.stringify(init)).toBe(400);
      expect(await messageOf(res)).toMatch(message);
    }
    expect(await counts('profiles')).toEqual(before);
    const unknown = await callApi('/pages/help/no-such-article/helpful', { method: 'POST', body: { helpful: true } });
    expect(unknown.status).toBe(404);
    expect(await messageOf(unknown)).toBe('HELP_ARTICLE_NOT_FOUND: no-such-article');
  });

  it('takes 3 votes a day from one address on one article: the 4th is 429', async () => {
    const ip = { 'X-Client-IP': crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 4 }, () => callApi('/pages/help/profiles/helpful', { method: 'POST', body: { helpful: true }, headers: ip })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
  });

  it('counts exactly under 50 parallel votes: each answer is a count that existed, none lost', async () => {
    const slug = 'maximum-simultaneous-devices';
    const before = (await counts(slug)) ?? { helpful_yes: 0, helpful_no: 0 };
    const votes = Array.from({ length: 50 }, (_, i) => i % 5 !== 0); // 40 yes, 10 no
    const answers = await Promise.all(
      votes.map(async (helpful) => {
        const res = await callApi(`/pages/help/${slug}/helpful`, { method: 'POST', body: { helpful }, headers: { 'X-Client-IP': crypto.randomUUID() } });
        expect(res.status).toBe(200);
        return { helpful, votes: (await res.json()) as HelpVotes };
      }),
    );
    expect(await counts(slug)).toEqual({ helpful_yes: before.helpful_yes + 40, helpful_no: before.helpful_no + 10 });
    // Every yes saw its own count: 40 distinct values, before+1 … before+40 (and so for the no votes).
    const yes = answers.filter((a) => a.helpful).map((a) => a.votes.helpful_yes).sort((a, b) => a - b);
    expect(yes).toEqual(Array.from({ length: 40 }, (_, i) => before.helpful_yes + i + 1));
    const no = answers.filter((a) => !a.helpful).map((a) => a.votes.helpful_no).sort((a, b) => a - b);
    expect(no).toEqual(Array.from({ length: 10 }, (_, i) => before.helpful_no + i + 1));
  });
});
