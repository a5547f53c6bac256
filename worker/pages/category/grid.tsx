import { CategoryPage } from '../../../client/pages/Category';
import type { Ctx, View } from '../kit/page';
import { loadCategory } from '../loaders';

/** A category's titles as a poster grid, page by page (?page=): /category/{slug}, and /page/{slug} of a menu item. */

const pageParam = (c: Ctx): number => Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);

/** The grid of category `slug` at the request's ?page=. */
export const loadGrid = (c: Ctx, slug: string) => loadCategory(c, slug, pageParam(c));

export const gridView = (c: Ctx, data: Awaited<ReturnType<typeof loadGrid>>): View => ({
  element: <CategoryPage data={data} basePath={c.req.path} />,
  meta: { title: data.category.name, description: data.category.description ?? undefined, share: { image: data.contents[0]?.tile_image } },
});
