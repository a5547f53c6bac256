/**
 * The import graph of worker/ and client/, and the three rules it must keep (docs/architecture.md, Layers and API layers):
 * imports run one way between layers (the LAYERS table, the only place the allowed edges are
 * written), the areas of the API import one way too (the API_TIERS table), and no circle runs
 * across folders. Pure functions over `{ path: source }`, so the test (graph.test.ts) feeds it the
 * real sources and synthetic ones alike.
 */

/** A layer: the folders it covers (longest prefix wins) and the layers it may import. */
export type Layer = { folders: string[]; imports: string[] };

/**
 * Who may import whom: the only place the allowed edges are written. A layer may always import
 * itself; anything not listed is refused (docs/architecture.md, Layers):
 * edge → session → proxy → api → D1; pages → session/proxy only; rules → nothing.
 */
export const LAYERS: Record<string, Layer> = {
  // The app's entry and its route table wire every layer together.
  entry: { folders: ['worker/index.ts'], imports: ['edge', 'session', 'proxy', 'api', 'schemas', 'pages', 'push', 'limits', 'messaging', 'rules', 'shared'] },
  // Middleware; the geoblock and password wall render their own pages.
  edge: { folders: ['worker/edge/'], imports: ['session', 'proxy', 'limits', 'metering', 'pages', 'rules', 'shared'] },
  session: { folders: ['worker/session/'], imports: ['proxy', 'limits', 'schemas', 'rules', 'shared'] },
  proxy: { folders: ['worker/proxy/'], imports: ['api', 'schemas', 'rules', 'shared'] },
  // The built-in API, its routes (worker/api/<resource>) and the signed media files it hands out (/media/*).
  api: { folders: ['worker/api/', 'worker/media/'], imports: ['schemas', 'push', 'limits', 'messaging', 'analytics', 'rules', 'shared'] },
  // The API's zod schemas and error shape: what loaders, islands and the API agree on.
  schemas: { folders: ['worker/api/schemas.ts', 'worker/api/errors.ts'], imports: ['rules', 'shared'] },
  // Web push delivery (the cron job) and its crypto; the push API routes live in worker/api/push.
  push: { folders: ['worker/push/'], imports: ['schemas', 'rules', 'shared'] },
  limits: { folders: ['worker/limits/'], imports: ['metering', 'rules', 'shared'] },
  // Dev only: the load simulation's meter over the bindings (the edge middleware and the Durable Objects count into it).
  metering: { folders: ['worker/metering/'], imports: ['shared'] },
  messaging: { folders: ['worker/messaging/'], imports: ['rules', 'shared'] },
  // Dashboard copies of the crowd's events in Workers Analytics Engine (optional binding).
  analytics: { folders: ['worker/analytics/'], imports: ['shared'] },
  // Server-rendered pages: their routes, loaders and forms (worker/pages) and what they render (client/pages).
  pages: { folders: ['worker/pages/', 'client/pages/'], imports: ['session', 'proxy', 'schemas', 'ui', 'browser', 'rules', 'shared'] },
  // Components and the islands they render (and that render them): never a page, never the server's layers.
  ui: { folders: ['client/components/', 'client/islands/', 'client/islands.ts', 'client/hydrate.ts', 'client/entry.ts'], imports: ['schemas', 'browser', 'rules', 'shared'] },
  // Browser code: the API client, hydration, per-feature hooks and helpers.
  browser: { folders: ['client/'], imports: ['schemas', 'rules', 'shared'] },
  // Rules used by both the API and the browser: pure TypeScript (and zod).
  rules: { folders: ['worker/rules/'], imports: [] },
  // The server's translator (the four dictionaries over worker/rules/translate.ts), and the worker's types.
  shared: { folders: ['worker/i18n.ts', 'worker/env.ts'], imports: ['rules'] },
  db: { folders: ['worker/db/'], imports: [] },
};

/** The one exception: worker/env.ts declares the request's variables, naming types of every layer (erased at build). */
const typeOnlyAnywhere = (edge: Edge) => edge.typeOnly && edge.from === 'worker/env.ts';

/** Files the check leaves out: tests and test kits reach across layers on purpose. */
export function isTestFile(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.startsWith('worker/test/') || /\/testing\.tsx?$/.test(path);
}

/** The specifiers a source imports: static, re-exports, side-effect and dynamic imports. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

/** True when an import of `source` only brings types (erased at build: no run-time edge). */
export function typeOnly(source: string, specifier: string): boolean {
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b(?:import|export)\\s+type\\s[^;]*?\\bfrom\\s*['"]${escaped}['"]`).test(source);
}

/** Resolves a relative specifier against the known files (no extension, .ts/.tsx, or an index). */
export function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('?')[0]!.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  const base = parts.join('/');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (files.has(candidate)) return candidate;
  return null;
}

/** The layer a file belongs to: the longest matching folder or file of LAYERS. */
export function layerOf(path: string, layers: Record<string, Layer> = LAYERS): string | null {
  let best: { name: string; length: number } | null = null;
  for (const [name, layer] of Object.entries(layers)) {
    for (const folder of layer.folders) {
      const hit = folder.endsWith('/') ? path.startsWith(folder) : path === folder;
      if (hit && (!best || folder.length > best.length)) best = { name, length: folder.length };
    }
  }
  return best?.name ?? null;
}

export type Edge = { from: string; to: string; typeOnly: boolean };

/** Every import between two known files, tests left out. */
export function buildGraph(sources: Record<string, string>): Edge[] {
  const files = new Set(Object.keys(sources));
  const edges: Edge[] = [];
  for (const [from, source] of Object.entries(sources)) {
    if (isTestFile(from)) continue;
    for (const specifier of importsOf(source)) {
      const to = resolve(from, specifier, files);
      if (to && !isTestFile(to) && to !== from) edges.push({ from, to, typeOnly: typeOnly(source, specifier) });
    }
  }
  return edges;
}

/** Packages only pages and browser code may load (the server's other layers render no React). */
export const UI_PACKAGES = ['react', 'react-dom', 'jotai', 'hls.js', '@hono/react-renderer'];
/** Where a UI package may be reached: pages, browser code, and the entry that mounts the pages. */
const UI_HOMES = ['client/', 'worker/pages/', 'worker/index.ts'];

/**
 * Files outside pages and the browser that load a UI package at run time, directly or through
 * their imports (type-only imports left out): each as `file → … → package`.
 */
export function uiLoaders(sources: Record<string, string>, edges: Edge[] = buildGraph(sources)): string[] {
  const isUi = (spec: string) => UI_PACKAGES.some((name) => spec === name || spec.startsWith(`${name}/`));
  const path = new Map<string, string[]>();
  for (const [file, source] of Object.entries(sources)) {
    const spec = isTestFile(file) ? undefined : importsOf(source).find((s) => isUi(s) && !typeOnly(source, s));
    if (spec) path.set(file, [file, spec]);
  }
  for (let grown = true; grown; ) {
    grown = false;
    for (const edge of edges) {
      const via = path.get(edge.to);
      if (edge.typeOnly || !via || path.has(edge.from)) continue;
      path.set(edge.from, [edge.from, ...via]);
      grown = true;
    }
  }
  return [...path.entries()]
    .filter(([file]) => !UI_HOMES.some((home) => (home.endsWith('/') ? file.startsWith(home) : file === home)))
    .map(([, chain]) => chain.join(' → '))
    .sort();
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/**
 * Imports that break the layering, type-only ones included (a type names its layer all the same).
 * Every `worker/api/<resource>[/<part>]/schemas.ts` counts as the schemas layer: zod answers read by loaders and islands.
 */
export function layerViolations(edges: Edge[], layers: Record<string, Layer> = LAYERS): string[] {
  const wrong: string[] = [];
  for (const edge of edges) {
    const from = layerOf(edge.from, layers);
    const to = layerOf(edge.to, layers);
    if (typeOnlyAnywhere(edge)) continue;
    if (!from || !to) {
      wrong.push(`${edge.from} → ${edge.to}: not in the layer table`);
      continue;
    }
    const schemaFile = /^worker\/api\/([^/]+\/)*schemas\.ts$/.test(edge.to);
    if (schemaFile && layers[from]?.imports.includes('schemas')) continue;
    if (from !== to && !layers[from]?.imports.includes(to)) wrong.push(`${edge.from} → ${edge.to}: ${from} may not import ${to}`);
  }
  return wrong;
}

/** Import circles (run-time imports only) whose modules sit in more than one folder: each as its files. */
export function folderCircles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (edge.typeOnly) continue;
    if (!next.has(edge.from)) next.set(edge.from, new Set());
    next.get(edge.from)!.add(edge.to);
  }
  return stronglyConnected(next).filter((component) => new Set(component.map(folderOf)).size > 1);
}

/** The layer table's own circles (a table with one would allow a circle between layers). */
export function layerCircles(layers: Record<string, Layer> = LAYERS): string[][] {
  const next = new Map(Object.entries(layers).map(([name, layer]) => [name, new Set(layer.imports.filter((target) => target !== name))]));
  return stronglyConnected(next);
}

/** Tarjan's strongly connected components of two or more nodes. */
function stronglyConnected(next: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, order.get(target)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!order.has(node)) visit(node);
  return circles;
}

/** A tier of API areas: the folders under worker/api/ it holds, and what they are for. */
export type ApiTier = { areas: string[]; holds: string };

/**
 * The areas of the built-in API (the folders under worker/api/), in tiers, lowest first: an area may
 * import the areas of the tiers below its own, never one of its own tier (sideways) or above. The
 * only place this order is written (docs: "API layers", rendered by `apiTiersTable`). The files at
 * worker/api/'s root (errors, schemas) import no area; worker/api/index.ts
 * assembles the app from every area. Type-only imports count: a type names its area all the same.
 */
export const API_TIERS: ApiTier[] = [
  { areas: ['kernel'], holds: 'what every area uses: the caller of a request (requireAuth, caller), the users row, tokens, passwords, one-time codes, request helpers, validation of input, the request clock, texts by language' },
  { areas: ['payments'], holds: 'plans and prices, checkout, the payment state machine, providers, invoices, pay-per-title tickets; what was bought is fulfilled by handlers the selling areas register' },
  { areas: ['configs'], holds: 'the site configuration (it lists the active plans)' },
  { areas: ['profiles'], holds: 'viewing profiles, the current profile of a session, PIN checks' },
  { areas: ['entitlements'], holds: 'may this profile watch this title or channel now, and why not: subscription, country, ticket unlock, library card and loan; the viewer of a request' },
  { areas: ['pages'], holds: 'the catalogue: navigation, categories, the content page' },
  { areas: ['partners', 'player'], holds: 'partners, ads and webviews over the catalogue; stream URLs, heartbeats and watched time' },
  { areas: ['search', 'live-tv', 'actions'], holds: 'search; channels and the guide; favourites, likes and history' },
  { areas: ['libraries', 'events'], holds: 'library cards and loans; live events, orders and e-tickets (they sell through payments)' },
  { areas: ['auth', 'agents', 'contact', 'device-link', 'help', 'push', 'reports', 'sitemap'], holds: 'accounts (GET auth/user assembles profiles and library cards), sales agents, contact, TV sign-in, help, web push, the back office\'s reports (they read the other areas\' tables with SQL only), sitemap: nothing imports them but the back office (admin), which mounts the support inbox and the reports' },
  { areas: ['admin'], holds: "the back office: staff sign-in with a second factor, roles, the audit log, the customer's story and the actions on an account" },
];

/** The API area of a file (`worker/api/<area>/…`), or null for the files at worker/api's root and outside the API. */
export function apiAreaOf(path: string): string | null {
  return /^worker\/api\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** Where the app is assembled: it mounts every area's routes. */
const API_ASSEMBLY = 'worker/api/index.ts';

/** Imports between API areas against the tiers: upwards, sideways, into an area the table does not name, or from a root file into an area. */
export function apiAreaViolations(edges: Edge[], tiers: ApiTier[] = API_TIERS): string[] {
  const tierOf = new Map(tiers.flatMap((tier, index) => tier.areas.map((area) => [area, index] as const)));
  const wrong: string[] = [];
  for (const edge of edges) {
    if (!edge.from.startsWith('worker/api/') || !edge.to.startsWith('worker/api/')) continue;
    const from = apiAreaOf(edge.from);
    const to = apiAreaOf(edge.to);
    if (to === null || from === to) continue;
    if (from === null) {
      if (edge.from !== API_ASSEMBLY) wrong.push(`${edge.from} → ${edge.to}: the API's root files import no area`);
      continue;
    }
    const below = tierOf.get(from);
    const above = tierOf.get(to);
    if (below === undefined || above === undefined) wrong.push(`${edge.from} → ${edge.to}: ${below === undefined ? from : to} is not in the API tiers`);
    else if (above === below) wrong.push(`${edge.from} → ${edge.to}: ${from} may not import ${to} (same tier)`);
    else if (above > below) wrong.push(`${edge.from} → ${edge.to}: ${from} may not import ${to} (a higher tier)`);
  }
  return wrong;
}

/** Loops among API areas (an area importing, through others, one that imports it), type-only imports included: each as its areas. */
export function apiAreaCircles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    const from = apiAreaOf(edge.from);
    const to = apiAreaOf(edge.to);
    if (!from || !to || from === to) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)!.add(to);
  }
  return stronglyConnected(next);
}

/** The tiers as a Markdown table, highest first (as a building is drawn): what docs/architecture.md shows. */
export function apiTiersTable(tiers: ApiTier[] = API_TIERS): string {
  const rows = tiers.map((tier, index) => `| ${index} | ${tier.areas.map((area) => `\`${area}\``).join(', ')} | ${tier.holds} |`).reverse();
  return ['| tier | areas (`worker/api/…`) | what they hold |', '| --- | --- | --- |', ...rows].join('\n');
}
