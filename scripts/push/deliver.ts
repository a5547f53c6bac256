/**
 * Runs the web push delivery at once on a local server (the Cron Trigger does it every minute in
 * production): POST /api/pushNotifications/deliver, which answers only while DEV_OUTBOX is on
 * (npm start, the e2e servers). Prints what was sent.
 *
 *   node scripts/push/deliver.ts                 # http://localhost:8787 (npm start)
 *   node scripts/push/deliver.ts --port 8788     # another local server
 *
 * The real cron path (worker/index.ts `scheduled`) can be fired too:
 * `curl http://localhost:8787/cdn-cgi/local/scheduled` (or, under `wrangler dev --test-scheduled`,
 * `curl "http://localhost:8787/__scheduled?cron=*+*+*+*+*"`); its report goes to the server log.
 */
export {};

const args = process.argv.slice(2);
const at = args.indexOf('--port');
const port = at >= 0 ? Number(args[at + 1]) : 8787;
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node scripts/push/deliver.ts [--port N]');
  process.exit(1);
}

try {
  const res = await fetch(`http://localhost:${port}/api/pushNotifications/deliver`, { method: 'POST' });
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${body}`);
  const report = JSON.parse(body) as { titles: number; skipped: number; sent: number; failed: number; removed: number; disabled?: boolean };
  if (report.disabled) console.log('push: off (no VAPID keys)');
  else console.log(`push: ${report.titles} title(s) pushed: ${report.sent} sent, ${report.failed} failed, ${report.removed} expired subscription(s) removed, ${report.skipped} skipped`);
} catch (error) {
  console.error(`push: failed: ${error instanceof Error ? error.message : String(error)} (is the server running with DEV_OUTBOX on?)`);
  process.exit(1);
}
