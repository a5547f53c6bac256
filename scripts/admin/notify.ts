/**
 * Editors: announces a title in the notification bell now (spec §2 bell, §7 GET
 * /pages/category/notifications), on the local or the remote D1. The title joins the
 * `notifications` category first in line and its publication_date_start becomes now, so every
 * visitor's bell count rises on their next page load; announcing it again makes it unread again
 * for everyone (its clicks are forgotten) and brings it back to the top.
 *
 *   node scripts/admin/notify.ts <slug>                        # local database (npm start)
 *   node scripts/admin/notify.ts <slug> --persist-to DIR       # a local state elsewhere (e2e: .wrangler/e2e-<port>)
 *   node scripts/admin/notify.ts <slug> --remote               # production D1
 *   node scripts/admin/notify.ts <slug> --keep-date            # keep the title's own publication date
 *                                                              # (a future one announces it when it is reached)
 *
 * Web push: adding a title to the category queues it for delivery (the push_queue_notifications
 * trigger of worker/db/migrations/0006_push.sql); the Cron Trigger (worker/push/deliver.ts
 * deliverNotifications) sends it once its date has passed — locally at once with
 * `node scripts/push/deliver.ts` (or POST /api/pushNotifications/deliver while DEV_OUTBOX is on).
 * A title is pushed once: announcing it again only updates the bell.
 */
import { query, d1, type Target } from '../search/reindex.ts';
import { sql } from '../seed/catalogue.ts';
import { announceStatements } from './announce.ts';

/** The category of the bell (worker/pages/notifications/data.ts NOTIFICATIONS_CATEGORY). */
const CATEGORY = 'notifications';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const USAGE = 'usage: node scripts/admin/notify.ts <slug> [--keep-date] [--remote] [--persist-to DIR]';

type Args = { slug: string; keepDate: boolean; target: Target };

function parseArgs(argv: readonly string[]): Args {
  const target: Target = {};
  let slug = '';
  let keepDate = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--remote') target.remote = true;
    else if (arg === '--keep-date') keepDate = true;
    else if (arg === '--persist-to') target.persistTo = argv[++i] ?? null;
    else if (arg.startsWith('--persist-to=')) target.persistTo = arg.slice('--persist-to='.length);
    else if (!arg.startsWith('--') && !slug) slug = arg.trim();
    else throw new Error(`unknown argument: ${arg}\n${USAGE}`);
  }
  if (!SLUG.test(slug)) throw new Error(slug ? `not a slug: ${slug}\n${USAGE}` : USAGE);
  if (target.remote && target.persistTo) throw new Error('--remote and --persist-to do not go together');
  return { slug, keepDate, target };
}

type Found = { id: number; parent_id: number | null; name: string; category: number | null };

function main(): void {
  const { slug, keepDate, target } = parseArgs(process.argv.slice(2));
  const [found] = query<Found>(
    target,
    `SELECT c.id, c.parent_id, COALESCE(t.name_long, c.original_title) AS name, (SELECT id FROM categories WHERE slug = ${sql(CATEGORY)}) AS category
       FROM contents c LEFT JOIN content_i18n t ON t.content_id = c.id AND t.lang = 'en' WHERE c.slug = ${sql(slug)}`,
  );
  if (!found) throw new Error(`no title with the slug ${slug}`);
  if (found.parent_id !== null) throw new Error(`${slug} is an episode: announce its series`);
  if (found.category === null) throw new Error(`no '${CATEGORY}' category in this database (npm run db:seed adds it)`);
  d1(target, ['--command', `${announceStatements(found.id, found.category, keepDate).join(';\n')};`]);
  const [after] = query<{ date: string }>(target, `SELECT publication_date_start AS date FROM contents WHERE id = ${found.id}`);
  console.log(`notify: "${found.name}" (${slug}, id ${found.id}) announced in the bell, published ${after?.date ?? '?'}`);
  console.log('notify: web push sends it on the next cron run (locally: node scripts/push/deliver.ts)');
}

try {
  main();
} catch (error) {
  console.error(`notify: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
