import { describe, expect, it } from 'vitest';
import { API_TIERS, apiAreaCircles, apiAreaOf, apiAreaViolations, apiTiersTable, buildGraph, folderCircles, importsOf, isTestFile, layerCircles, layerOf, layerViolations, LAYERS, uiLoaders, type ApiTier } from './graph';

/** Every source file of worker/ and client/, read at build time by Vite (the tests run inside workerd, without a file system). */
const files = import.meta.glob(['/worker/**/*.{ts,tsx}', '/client/**/*.{ts,tsx}', '!**/*.d.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
/** The architecture document, which prints the API tiers. */
const architecture = Object.values(import.meta.glob('/docs/architecture.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>)[0] ?? '';
const sources = Object.fromEntries(Object.entries(files).map(([path, source]) => [path.replace(/^\//, ''), source]));

describe('the import graph of worker/ and client/', () => {
  const edges = buildGraph(sources);

  it('reads the whole code base', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: 'worker/index.ts', to: 'worker/pages/registry.ts', typeOnly: false });
  });

  it('has no circle across folders', () => {
    expect(folderCircles(edges)).toEqual([]);
  });

  it('keeps the layering: edge → session → proxy → api, pages → session/proxy, rules for everyone', () => {
    expect(layerViolations(edges)).toEqual([]);
  });

  it('places every file in a layer', () => {
    expect(Object.keys(sources).filter((path) => !isTestFile(path) && layerOf(path) === null)).toEqual([]);
  });

  it('has a layer table without circles', () => {
    expect(layerCircles()).toEqual([]);
  });

  it('loads React only in pages and the browser: the API, messaging, the edge and the translator run without it', () => {
    expect(uiLoaders(sources, edges)).toEqual([]);
  });

  it('keeps the API areas in their tiers: each imports only areas of lower tiers', () => {
    expect(apiAreaViolations(edges)).toEqual([]);
  });

  it('has no loop among API areas', () => {
    expect(apiAreaCircles(edges)).toEqual([]);
  });

  it('names every API area in the tiers once, and no area that is gone', () => {
    const areas = [...new Set(Object.keys(sources).filter((path) => !isTestFile(path)).map(apiAreaOf).filter((area) => area !== null))].sort();
    const named = API_TIERS.flatMap((tier) => tier.areas);
    expect(named.length).toBe(new Set(named).size);
    expect([...named].sort()).toEqual(areas);
  });

  it('prints the API tiers in docs/architecture.md as the table has them', () => {
    expect(architecture).toContain(apiTiersTable());
  });

  it('keeps worker/rules pure: other rules, zod and jose\'s base64url codec only', () => {
    const rules = Object.entries(sources).filter(([path]) => path.startsWith('worker/rules/') && !path.endsWith('.test.ts'));
    expect(rules.length).toBeGreaterThan(5);
    const outside = rules.flatMap(([path, source]) => importsOf(source).filter((spec) => !(spec === 'zod' || spec === 'jose/base64url' || (spec.startsWith('.') && !spec.startsWith('../..')))).map((spec) => `${path} → ${spec}`));
    expect(outside).toEqual([]);
  });
});

describe('the check itself, on synthetic graphs', () => {
  const base = {
    'worker/api/things/routes.ts': "import { rule } from '../../rules/thing';\nexport const routes = rule;",
    'worker/rules/thing.ts': 'export const rule = 1;',
    'worker/proxy/index.ts': "import { routes } from '../api/things/routes';\nexport const forward = routes;",
    'worker/pages/home.tsx': "import { forward } from '../proxy';\nexport const page = forward;",
  };

  it('accepts imports that follow the layers', () => {
    const edges = buildGraph(base);
    expect(edges).toHaveLength(3);
    expect(layerViolations(edges)).toEqual([]);
    expect(folderCircles(edges)).toEqual([]);
  });

  it('fails on a planted wrong-way import (the cron job importing a page)', () => {
    const edges = buildGraph({ ...base, 'worker/push/deliver.ts': "import { page } from '../pages/home';\nexport const send = page;" });
    expect(layerViolations(edges)).toEqual(['worker/push/deliver.ts → worker/pages/home.tsx: push may not import pages']);
  });

  it('fails on pages importing D1 queries or the edge', () => {
    const edges = buildGraph({
      ...base,
      'worker/api/things/queries.ts': 'export const MAX = 5;',
      'worker/edge/wall/index.ts': 'export const safe = 1;',
      'worker/pages/list.tsx': "import { MAX } from '../api/things/queries';\nimport { safe } from '../edge/wall';\nexport const list = MAX + safe;",
    });
    expect(layerViolations(edges)).toEqual([
      'worker/pages/list.tsx → worker/api/things/queries.ts: pages may not import api',
      'worker/pages/list.tsx → worker/edge/wall/index.ts: pages may not import edge',
    ]);
  });

  it('fails on an island importing a page', () => {
    const edges = buildGraph({
      'client/pages/settings/Switch.tsx': 'export const Switch = 1;',
      'client/islands/switch.tsx': "import { Switch } from '../pages/settings/Switch';\nexport default Switch;",
      'client/components/Tile.tsx': "import FavButton from '../islands/switch';\nexport const Tile = FavButton;",
    });
    expect(layerViolations(edges)).toEqual(['client/islands/switch.tsx → client/pages/settings/Switch.tsx: ui may not import pages']);
  });

  it('fails on a planted circle across folders, and names its modules', () => {
    const circle = { ...base, 'worker/rules/thing.ts': "import { page } from '../pages/home';\nexport const rule = page;" };
    expect(folderCircles(buildGraph(circle))).toEqual([['worker/api/things/routes.ts', 'worker/pages/home.tsx', 'worker/proxy/index.ts', 'worker/rules/thing.ts']]);
    expect(layerViolations(buildGraph(circle))).toContain('worker/rules/thing.ts → worker/pages/home.tsx: rules may not import pages');
  });

  it('allows a circle inside one folder but not a type-only edge against the layers', () => {
    const edges = buildGraph({
      'worker/api/a.ts': "import { b } from './b';\nexport const a = () => b;",
      'worker/api/b.ts': "import { a } from './a';\nexport const b = () => a;",
      'worker/session/user.ts': "import type { Page } from '../pages/home';\nexport type User = Page;",
      'worker/pages/home.tsx': 'export type Page = string;',
    });
    expect(folderCircles(edges)).toEqual([]);
    expect(layerViolations(edges)).toEqual(['worker/session/user.ts → worker/pages/home.tsx: session may not import pages']);
  });

  it('fails on a server module reaching React through its imports, not on a type-only one', () => {
    const sources = {
      'client/i18n.tsx': "import { createContext } from 'react';\nexport const I18n = createContext(null);",
      'worker/i18n.ts': "import { I18n } from '../client/i18n';\nexport const t = I18n;",
      'worker/messaging/mail.ts': "import { t } from '../i18n';\nexport const mail = t;",
      'worker/api/things/types.ts': "import type { ReactNode } from 'react';\nexport type Node = ReactNode;",
      'worker/pages/home.tsx': "import { jsx } from 'react/jsx-runtime';\nexport const home = jsx;",
    };
    expect(uiLoaders(sources)).toEqual(['worker/i18n.ts → client/i18n.tsx → react', 'worker/messaging/mail.ts → worker/i18n.ts → client/i18n.tsx → react']);
  });

  describe('API areas', () => {
    const tiers: ApiTier[] = [
      { areas: ['kernel'], holds: 'the caller' },
      { areas: ['shop'], holds: 'payments' },
      { areas: ['shows', 'films'], holds: 'what is sold' },
    ];
    const areas = {
      'worker/api/errors.ts': 'export const fail = 1;',
      'worker/api/kernel/auth.ts': "import { fail } from '../errors';\nexport const caller = fail;",
      'worker/api/shop/checkout.ts': "import { caller } from '../kernel/auth';\nexport const pay = caller;",
      'worker/api/shows/orders.ts': "import { pay } from '../shop/checkout';\nexport const order = pay;",
      'worker/api/films/routes.ts': "import { caller } from '../kernel/auth';\nexport const films = caller;",
      'worker/api/index.ts': "import { order } from './shows/orders';\nimport { films } from './films/routes';\nexport const api = [order, films];",
    };

    it('accepts imports down the tiers, and the app assembling every area', () => {
      const edges = buildGraph(areas);
      expect(edges).toHaveLength(6);
      expect(apiAreaViolations(edges, tiers)).toEqual([]);
      expect(apiAreaCircles(edges)).toEqual([]);
    });

    it('fails on a planted loop between two areas that no file-level circle shows', () => {
      const edges = buildGraph({
        ...areas,
        'worker/api/shows/settlement.ts': 'export const settle = 1;',
        'worker/api/shop/notify.ts': "import { settle } from '../shows/settlement';\nexport const notify = settle;",
      });
      expect(folderCircles(edges)).toEqual([]);
      expect(apiAreaCircles(edges)).toEqual([['shop', 'shows']]);
      expect(apiAreaViolations(edges, tiers)).toEqual(['worker/api/shop/notify.ts → worker/api/shows/settlement.ts: shop may not import shows (a higher tier)']);
    });

    it('fails on a sideways import, a type-only one included', () => {
      const edges = buildGraph({ ...areas, 'worker/api/films/shows.ts': "import type { order } from '../shows/orders';\nexport type Order = typeof order;" });
      expect(apiAreaViolations(edges, tiers)).toEqual(['worker/api/films/shows.ts → worker/api/shows/orders.ts: films may not import shows (same tier)']);
    });

    it('fails on the kernel or a root file importing an area, and on an area the table does not name', () => {
      const edges = buildGraph({
        ...areas,
        'worker/api/kernel/users.ts': "import { pay } from '../shop/checkout';\nexport const user = pay;",
        'worker/api/validation.ts': "import { caller } from './kernel/auth';\nexport const hook = caller;",
        'worker/api/news/routes.ts': "import { caller } from '../kernel/auth';\nexport const news = caller;",
      });
      expect(apiAreaViolations(edges, tiers)).toEqual([
        'worker/api/kernel/users.ts → worker/api/shop/checkout.ts: kernel may not import shop (a higher tier)',
        "worker/api/validation.ts → worker/api/kernel/auth.ts: the API's root files import no area",
        'worker/api/news/routes.ts → worker/api/kernel/auth.ts: news is not in the API tiers',
      ]);
    });
  });

  it('finds a circle in a layer table', () => {
    expect(layerCircles({ ...LAYERS, rules: { folders: ['worker/rules/'], imports: ['api'] } })).toHaveLength(1);
  });

  it('reads static, re-exported, side-effect and dynamic imports, not commented ones', () => {
    const source = "import a from './a';\nexport { b } from \"./b\";\nimport './c.css';\nconst d = import('./d');\n// import e from './e';\n/* import f from './f'; */\nimport {\n  g,\n  type H,\n} from './g';";
    expect(importsOf(source).sort()).toEqual(['./a', './b', './c.css', './d', './g']);
  });
});
