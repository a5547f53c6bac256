import { describe, expect, it } from 'vitest';
import { mountOrder, registrySource } from '../../scripts/pages/source';
import { pageAreas } from './registry';

/** The committed registry and the page areas' route files, read at build time by Vite (the tests run inside workerd, without a file system). */
const committed = Object.values(import.meta.glob('./registry.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>)[0] ?? '';
const routeFiles = Object.keys(import.meta.glob('./**/routes.tsx'));
const folders = routeFiles.map((path) => path.replace(/^\.\/|\/routes\.tsx$/g, ''));

type Route = { area: string; method: string; path: string };

/** The routes each area answers (its `.use` middleware, method ALL, passes requests on and claims nothing). */
const routesOf = (areas: readonly (readonly [string, { routes: { method: string; path: string }[] }])[]): Route[] =>
  areas.flatMap(([area, app]) => app.routes.filter((r) => r.method !== 'ALL').map((r) => ({ area, method: r.method, path: r.path })));

/** A Hono path pattern as a regular expression: `:name` one segment (or its own `{regex}`), `*` the rest. */
function patternOf(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (segment === '*') return '.*';
    const param = /^:\w+(?:\{(.+)\})?(\?)?$/.exec(segment);
    if (param) return `${param[1] ? `(?:${param[1]})` : '[^/]+'}${param[2] ?? ''}`;
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** Two areas claiming the same method and path. */
function duplicates(routes: Route[]): string[] {
  const owner = new Map<string, string>();
  const found: string[] = [];
  for (const { area, method, path } of routes) {
    const key = `${method} ${path}`;
    const first = owner.get(key);
    if (first !== undefined && first !== area) found.push(`${key}: ${first} and ${area}`);
    else owner.set(key, area);
  }
  return found;
}

/** A path of one area that a pattern of an area mounted before it would answer first (Hono runs the first match). */
function shadowed(routes: Route[]): string[] {
  const found: string[] = [];
  routes.forEach((later, i) => {
    for (const earlier of routes.slice(0, i)) {
      if (earlier.area === later.area || earlier.method !== later.method || earlier.path === later.path) continue;
      if (patternOf(earlier.path).test(later.path)) found.push(`${later.method} ${later.path} (${later.area}) is answered by ${earlier.path} (${earlier.area}), mounted before it`);
    }
  });
  return found;
}

describe('the page registry (worker/pages/registry.ts)', () => {
  it('is what scripts/pages/registry.ts writes for the folders there are now', () => {
    expect(folders.length).toBeGreaterThan(20);
    expect(committed, 'run `node scripts/pages/registry.ts` (npm run build does)').toBe(registrySource(folders));
  });

  it('mounts every folder of worker/pages that has a routes.tsx, one level down, in the order of their names', () => {
    expect(routeFiles.filter((path) => path.split('/').length !== 3)).toEqual([]);
    expect(pageAreas.map(([area]) => area)).toEqual(mountOrder(folders));
  });

  it('has no method and path claimed by two areas', () => {
    expect(duplicates(routesOf(pageAreas))).toEqual([]);
  });

  it('has no path answered by the pattern of an area mounted before it', () => {
    expect(shadowed(routesOf(pageAreas))).toEqual([]);
  });
});

describe('the checks themselves, on planted areas', () => {
  const area = (name: string, ...routes: [string, string][]) => [name, { routes: routes.map(([method, path]) => ({ method, path })) }] as const;

  it('finds a path claimed twice', () => {
    const routes = routesOf([area('a', ['GET', '/x'], ['POST', '/x']), area('b', ['GET', '/x'])]);
    expect(duplicates(routes)).toEqual(['GET /x: a and b']);
  });

  it('finds /tv/link shadowed by /tv/:slug mounted before it, and not the other way round', () => {
    const channel = area('tv', ['GET', '/tv/:slug'], ['ALL', '/tv/*']);
    const link = area('device-link', ['GET', '/tv/link'], ['POST', '/tv/link']);
    expect(shadowed(routesOf([channel, link]))).toEqual(['GET /tv/link (device-link) is answered by /tv/:slug (tv), mounted before it']);
    expect(shadowed(routesOf([link, channel]))).toEqual([]);
  });

  it('reads parameters with their own pattern, optional ones and wildcards', () => {
    expect(patternOf('/events/:slug/:show').test('/events/scan')).toBe(false);
    expect(patternOf('/events/:slug/:show').test('/events/orders/:id')).toBe(true);
    expect(patternOf('/a/:id{[0-9]+}').test('/a/new')).toBe(false);
    expect(patternOf('/a/:id{[0-9]+}').test('/a/12')).toBe(true);
    expect(patternOf('/files/*').test('/files/a/b')).toBe(true);
  });

  it('compares the committed file with what the script writes', () => {
    expect(registrySource(['tv', 'device-link'])).toContain("import { pages as deviceLink } from './device-link/routes';\nimport { pages as tv } from './tv/routes';");
    expect(registrySource(folders)).not.toBe(registrySource(folders.slice(1)));
  });
});
