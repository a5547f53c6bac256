import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import app from '../index';
import { meteredD1, newMeter } from '../metering/meter';
import { mainProfile, registeredUser } from '../test/accounts';
import { makeTitle } from '../test/catalogue';

/**
 * The D1 statements each member page costs (docs/scale.md, Reads), counted by the load simulation's
 * meter (worker/metering/meter.ts) on the request's bindings: every statement run counts one,
 * alone or in a batch. A logged-in member with a chosen profile opens each page twice; the second
 * visit is counted (the KV copies of config and menu, and the isolate's config and plans, are warm,
 * as they are for nearly every request of a running site).
 */

/** Each page's ceiling: the statements it costs now. Raise one only with a reason written in docs/scale.md. */
const CEILINGS = {
  home: 13,
  title: 12,
  player: 7,
  'my list': 7,
  'profile and history': 8,
  'profile settings': 7,
  search: 14,
  'live TV': 8,
} as const;
type PageName = keyof typeof CEILINGS;

let cookie = '';
let pages: Record<PageName, string>;

beforeAll(async () => {
  const member = await registeredUser();
  const title = await makeTitle();
  cookie = `token=${encodeURIComponent(JSON.stringify(member.tokens))}; profile=${await mainProfile(member)}`;
  pages = {
    home: '/',
    title: `/content/${title.slug}`,
    player: `/player/${title.slug}`,
    'my list': '/favs',
    'profile and history': '/profile',
    'profile settings': '/settings/restrictions',
    search: '/search?q=casa',
    'live TV': '/tv',
  };
});

/** One page visit on metered bindings of its own: its status and the D1 statements it ran. */
async function visit(path: string): Promise<{ status: number; statements: number }> {
  const meter = newMeter(0);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://localhost${path}`, { headers: { cookie } }), { ...env, DB: meteredD1(meter, env.DB) }, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, statements: meter.d1.reads + meter.d1.writes };
}

describe('a member page’s D1 statements', () => {
  it('stay within each page’s ceiling', async () => {
    const counted: Record<string, number> = {};
    for (const [name, path] of Object.entries(pages)) {
      expect((await visit(path)).status).toBe(200);
      const { status, statements } = await visit(path);
      expect(status).toBe(200);
      counted[name] = statements;
    }
    console.log(JSON.stringify({ d1StatementsPerPage: counted }));
    for (const [name, statements] of Object.entries(counted)) expect(statements, name).toBeLessThanOrEqual(CEILINGS[name as PageName]);
  });

  it('are the same for parallel visits: what a request remembers is its own', async () => {
    const alone = await visit(pages.home);
    const together = await Promise.all(Array.from({ length: 8 }, () => visit(pages.home)));
    expect(together.map((v) => v.statements)).toEqual(together.map(() => alone.statements));
  });
});
