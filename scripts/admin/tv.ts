/**
 * Operators: live TV channels and their guide (issue 16), on the local or the remote D1.
 *
 *   node scripts/admin/tv.ts import guide.xml [--remote | --persist-to DIR]
 *       Imports an XMLTV file (channels and programmes; worker/api/live-tv/xmltv.ts). Idempotent:
 *       importing again updates in place. Rows it cannot use are listed; a malformed file is
 *       refused whole before anything is written.
 *   node scripts/admin/tv.ts channel <xmltv-id> [--source URL | --demo R2_PREFIX] [--premium | --free]
 *       [--countries MA,FR | --everywhere] [--age N] [--number N] [--slug SLUG] [--hide | --show] [--remote]
 *       Where the channel's picture comes from (a live HLS origin, e.g. Cloudflare Stream Live, or
 *       demo media played as a simulated live stream) and who may watch it.
 *   node scripts/admin/tv.ts record <xmltv-id> <start, XMLTV date> <content-slug> [--remote]
 *       Catch-up: the programme was recorded as this VOD title (playable from the guide for 7 days).
 */
import { importStatements, parseXmltv, xmltvTime, XmltvError } from '../../worker/api/live-tv/xmltv.ts';
import { query } from '../search/reindex.ts';
import { sql } from '../seed/catalogue.ts';
import { inlineStatement } from '../seed/tv.ts';
import { adminCli } from './cli.ts';

const { args, fail, has, flag, target, execute, parseFile } = adminCli(
  'tv',
  'usage: node scripts/admin/tv.ts (import FILE | channel XMLTV_ID [options] | record XMLTV_ID START SLUG) [--remote | --persist-to DIR]',
);

function importGuide(path: string): void {
  const guide = parseFile(path, parseXmltv, XmltvError);
  const known = new Set(query<{ xmltv_id: string }>(target, 'SELECT xmltv_id FROM channels').map((r) => r.xmltv_id));
  const { statements, programmes, rejected } = importStatements(guide, known, new Date().toISOString());
  if (statements.length) execute(statements.map((s) => inlineStatement(s, sql)));
  console.log(`tv: imported ${guide.channels.length} channels and ${programmes} programmes from ${path}`);
  for (const r of rejected) console.log(`tv: rejected programme #${r.index} (channel ${r.channel || '?'}, start ${r.start || '?'}): ${r.reason}`);
}

function channel(xmltvId: string): void {
  const sets: string[] = [];
  const source = flag('source');
  const demo = flag('demo');
  if (source && demo) fail('give --source or --demo, not both');
  if (source !== undefined) {
    if (!/^https:\/\/\S+\.m3u8(\?\S*)?$/.test(source)) fail('--source must be an https URL of an HLS playlist (.m3u8)');
    sets.push(`source_url = ${sql(source)}`, 'demo_prefix = NULL');
  }
  if (demo !== undefined) {
    if (!/^[\w-]+(\/[\w-]+)*$/.test(demo)) fail('--demo is an R2 prefix such as demo/a/main');
    sets.push(`demo_prefix = ${sql(demo)}`, 'source_url = NULL');
  }
  if (has('premium')) sets.push('premium = 1');
  if (has('free')) sets.push('premium = 0');
  const countries = flag('countries');
  if (countries !== undefined) {
    const list = countries.split(',').map((c) => c.trim().toUpperCase());
    if (!list.every((c) => /^[A-Z]{2}$/.test(c))) fail('--countries is a comma-separated list of ISO codes (MA,FR)');
    sets.push(`allowed_countries = ${sql(JSON.stringify(list))}`);
  }
  if (has('everywhere')) sets.push('allowed_countries = NULL');
  const age = flag('age');
  if (age !== undefined) {
    if (!/^\d{1,2}$/.test(age) || Number(age) > 18) fail('--age is a whole number from 0 to 18');
    sets.push(`age_rating = ${Number(age)}`);
  }
  const number = flag('number');
  if (number !== undefined) {
    if (!/^\d{1,4}$/.test(number)) fail('--number is a whole number');
    sets.push(`number = ${Number(number)}`);
  }
  const slug = flag('slug');
  if (slug !== undefined) {
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) fail('--slug is lowercase words joined by dashes');
    sets.push(`slug = ${sql(slug)}`);
  }
  if (has('hide')) sets.push('published = 0');
  if (has('show')) sets.push('published = 1');
  if (sets.length === 0) fail('nothing to change');
  if (query<{ n: number }>(target, `SELECT COUNT(*) AS n FROM channels WHERE xmltv_id = ${sql(xmltvId)}`)[0]?.n !== 1) fail(`no channel ${xmltvId} (import its XMLTV first)`);
  execute([`UPDATE channels SET ${sets.join(', ')}, updated_at = ${sql(new Date().toISOString())} WHERE xmltv_id = ${sql(xmltvId)}`]);
  console.log(`tv: channel ${xmltvId} updated`);
}

function record(xmltvId: string, start: string, slug: string): void {
  const at = xmltvTime(start) ?? fail(`${start} is not an XMLTV date (YYYYMMDDhhmmss +HHMM)`);
  if (query<{ n: number }>(target, `SELECT COUNT(*) AS n FROM contents WHERE slug = ${sql(slug)}`)[0]?.n !== 1) fail(`no title ${slug}`);
  const found = query<{ id: number }>(target, `SELECT p.id FROM programmes p JOIN channels c ON c.id = p.channel_id WHERE c.xmltv_id = ${sql(xmltvId)} AND p.starts_at = ${at}`)[0];
  if (!found) fail(`no programme of ${xmltvId} starts at ${start}`);
  execute([`UPDATE programmes SET recording_slug = ${sql(slug)} WHERE id = ${found?.id ?? 0}`]);
  console.log(`tv: programme ${found?.id} recorded as ${slug}`);
}

const [command, first, second, third] = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1]?.startsWith('--') && !['--remote', '--premium', '--free', '--everywhere', '--hide', '--show'].includes(args[i - 1] ?? '')));
if (command === 'import' && first) importGuide(first);
else if (command === 'channel' && first) channel(first);
else if (command === 'record' && first && second && third) record(first, second, third);
else fail('unknown command');
