import { Hono } from 'hono';
import { FOOTER_CATEGORIES } from '../../../client/components/links';
import { CategoryIndex } from '../../../client/pages/Category';
import type { AppEnv } from '../../env';
import { notFoundOrNotAvailable } from '../kit/errors';
import { definePage } from '../kit/page';
import { gridView, loadGrid } from './grid';

/** The categories (spec §2 /category) and one category's grid (/category/{slug}). */

const index = definePage({
  path: '/category',
  who: 'anyone',
  indexed: true,
  load: () => null,
  view: (_, { t }) => {
    const links = [...FOOTER_CATEGORIES, 'kids'].map((slug) => ({ href: `/category/${slug}`, label: t(`CATEGORY_${slug.toUpperCase()}`) }));
    return { element: <CategoryIndex links={links} />, meta: { title: t('CATEGORIES') } };
  },
});

const category = definePage({
  path: '/category/:slug',
  who: 'anyone',
  indexed: true,
  refused: notFoundOrNotAvailable,
  load: ({ c }) => loadGrid(c, c.req.param('slug') ?? ''),
  view: (data, { c }) => gridView(c, data),
});

export const pages = new Hono<AppEnv>().route('/', index).route('/', category);
