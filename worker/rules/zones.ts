/**
 * Time zones as the server's database has them, shared with the browser so that both write the
 * same times. Browsers carry a time zone database of their own age: when a country changes its
 * clock (Morocco's offset did), a browser with an older database wrote the guide's times an hour
 * away from the server's page, and React refused to hydrate the text. So the server sends the
 * offsets of the zones a page uses (zoneTable, on the document's `data-zones`), the browser adopts
 * them before any island renders (adoptZones, client/hydrate.ts), and every wall-clock time written
 * on either side comes from zoneOffset / zonedDate. Outside the table's window, or for a zone it
 * does not hold, the runtime's own database answers.
 *
 * Pure, except for the adopted table (set once per page, in the browser).
 */

/** Offsets (seconds east of UTC) of each zone from `from` to `to` (unix seconds): [since, offset], oldest first. */
export type ZoneTable = { from: number; to: number; zones: Record<string, [number, number][]> };

let adopted: ZoneTable | null = null;

/** The browser takes the server's offsets for the page (null: back to its own database). */
export function adoptZones(table: ZoneTable | null): void {
  adopted = table;
}

const isRow = (row: unknown): row is [number, number] => Array.isArray(row) && row.length === 2 && row.every(Number.isFinite);

/**
 * A ZoneTable read from JSON, else null. Checked by hand rather than with the server's zod: this
 * runs in every page's hydration chunk, where zod would weigh more than the islands it serves.
 */
export function zoneTableOf(json: unknown): ZoneTable | null {
  if (!json || typeof json !== 'object' || !('from' in json) || !('to' in json) || !('zones' in json)) return null;
  const { from, to, zones } = json;
  if (!Number.isFinite(from) || !Number.isFinite(to) || !zones || typeof zones !== 'object') return null;
  const entries = Object.entries(zones);
  if (!entries.every(([, rows]) => Array.isArray(rows) && rows.length > 0 && rows.every(isRow))) return null;
  return { from: Number(from), to: Number(to), zones: Object.fromEntries(entries) as ZoneTable['zones'] };
}

/** The document's `data-zones` attribute, adopted when it is a table (else the browser keeps its own database). */
export function adoptZonesOf(attribute: string | undefined): void {
  let json: unknown = null;
  try {
    json = JSON.parse(attribute ?? 'null');
  } catch {
    json = null;
  }
  adoptZones(zoneTableOf(json));
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

/** What the runtime's own database says: the wall clock of `timeZone` at `at`, minus UTC (throws RangeError for an unknown zone). */
function runtimeOffset(at: number, timeZone: string): number {
  let format = partFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    if (partFormatters.size > 100) partFormatters.clear();
    partFormatters.set(timeZone, format);
  }
  const whole = Math.floor(at);
  const parts = format.formatToParts(new Date(whole * 1000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - whole * 1000) / 1000;
}

/** The offset of `timeZone` from UTC at `at` (unix seconds), in seconds: the adopted table's, else the runtime's. */
export function zoneOffset(at: number, timeZone: string): number {
  const rows = adopted && at >= adopted.from && at < adopted.to ? adopted.zones[timeZone] : undefined;
  if (!rows || rows.length === 0) return runtimeOffset(at, timeZone);
  let offset = rows[0]?.[1] ?? 0;
  for (const [since, value] of rows) {
    if (since > at) break;
    offset = value;
  }
  return offset;
}

/**
 * `at` (unix seconds) as a Date whose UTC fields read the wall clock of `timeZone`: format it with
 * `timeZone: 'UTC'` (or read getUTC…) to write a time the server and the browser agree on.
 */
export const zonedDate = (at: number, timeZone: string): Date => new Date((at + zoneOffset(at, timeZone)) * 1000);

const DAY = 86_400;
/** The window a page's table covers: a week back (the guide's past days) to a year ahead (festival shows). */
const BACK_DAYS = 8;
const AHEAD_DAYS = 400;

/**
 * The runtime's offsets of `zones` over [from, to): the offset at `from`, then each change, found
 * day by day and placed to the second. Zones the runtime does not know are left out.
 */
export function zoneTable(zones: readonly string[], from: number, to: number): ZoneTable {
  const table: ZoneTable = { from, to, zones: {} };
  for (const zone of new Set(zones)) {
    try {
      const rows: [number, number][] = [[from, runtimeOffset(from, zone)]];
      for (let day = from; day < to; day += DAY) {
        const next = Math.min(day + DAY, to);
        const before = rows[rows.length - 1]?.[1] ?? 0;
        const after = runtimeOffset(next, zone);
        if (after === before) continue;
        let lo = day;
        let hi = next;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (runtimeOffset(mid, zone) === before) lo = mid;
          else hi = mid;
        }
        rows.push([hi, after]);
      }
      table.zones[zone] = rows;
    } catch {
      // not a zone this runtime knows: the browser uses its own
    }
  }
  return table;
}

const tables = new Map<string, ZoneTable>();

/** The table a page sends for `zones` around `at`: from a week back to a year ahead, made once per UTC day and zones. */
export function zoneTableAround(at: number, zones: readonly string[]): ZoneTable {
  const from = Math.floor(at / DAY) * DAY - BACK_DAYS * DAY;
  const key = `${from}|${[...new Set(zones)].sort().join(',')}`;
  let table = tables.get(key);
  if (!table) {
    table = zoneTable(zones, from, from + (BACK_DAYS + AHEAD_DAYS) * DAY);
    if (tables.size > 50) tables.clear();
    tables.set(key, table);
  }
  return table;
}
