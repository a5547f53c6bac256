import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { now } from '../kernel/clock';
import { validationHook } from '../kernel/validation';
import { SITEMAP_PAGE_ENTRIES, type SitemapPage } from '../../rules/sitemap';
import { sitemapEntries } from './queries';

const Query = z.object({ page: z.coerce.number().int().positive().max(1000).default(1) });

/** GET /pages/sitemap?page=: one file's worth of public pages for /sitemap.xml (worker/edge/sitemap). */
export const sitemap = new Hono<AppEnv>().get('/', zValidator('query', Query, validationHook), async (c) => {
  const all = await sitemapEntries(c.env.DB, now(c));
  const pages = Math.max(1, Math.ceil(all.length / SITEMAP_PAGE_ENTRIES));
  const { page } = c.req.valid('query');
  const answer: SitemapPage = { entries: all.slice((page - 1) * SITEMAP_PAGE_ENTRIES, page * SITEMAP_PAGE_ENTRIES), page: Math.min(page, pages), pages };
  return c.json(answer, 200, { 'Cache-Control': 'public, max-age=3600' });
});
