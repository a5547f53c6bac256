/**
 * XMLTV programme guides (the XMLTV DTD: <tv> of <channel> and <programme> elements), read with
 * fast-xml-parser and turned into the statements that import them, idempotently: a channel is
 * matched on its XMLTV id, a programme on (channel, start); a programme the file no longer lists
 * inside the time it covers for its channel is removed. A malformed file is refused whole
 * (XmltvError) before anything is written; rows that cannot be used are reported, not imported.
 *
 * No bindings: the operator CLI (scripts/admin/tv.ts) and the seed render the same statements as
 * SQL; the Worker runs them as one D1 batch (one transaction).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

export class XmltvError extends Error {}

export type GuideChannel = { xmltvId: string; names: Record<string, string>; number: number | null; logo: string | null };
export type GuideProgramme = {
  channel: string;
  start: number;
  stop: number;
  title: Record<string, string>;
  description: Record<string, string> | null;
  /** By language, as titles are. */
  category: Record<string, string> | null;
  episode: string | null;
  ageRating: number;
  image: string | null;
};
/** A programme the import could not use: which one (its position in the file, channel, start) and why. */
export type RejectedRow = { index: number; channel: string; start: string; reason: string };
export type Guide = { channels: GuideChannel[]; programmes: GuideProgramme[]; rejected: RejectedRow[] };

const ARRAYS = new Set(['tv.channel', 'tv.programme', 'display-name', 'title', 'desc', 'category', 'episode-num', 'rating', 'icon', 'value', 'sub-title']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name, path) => ARRAYS.has(name) || (typeof path === 'string' && ARRAYS.has(path)),
});

/** A text node as the parser gives it: a string, or an object with the text and attributes. */
const Text = z.union([z.string(), z.object({ '#text': z.string().optional(), '@lang': z.string().optional() }).passthrough()]);
type Text = z.infer<typeof Text>;
const texts = z.array(Text).optional();
const Icon = z.array(z.object({ '@src': z.string().optional() }).passthrough()).optional();

const ChannelNode = z.object({ '@id': z.string().min(1).max(200), 'display-name': texts, icon: Icon }).passthrough();
const ProgrammeNode = z
  .object({
    '@channel': z.string().optional(),
    '@start': z.string().optional(),
    '@stop': z.string().optional(),
    title: texts,
    desc: texts,
    category: texts,
    'episode-num': z.array(z.union([z.string(), z.object({ '#text': z.string().optional(), '@system': z.string().optional() }).passthrough()])).optional(),
    rating: z.array(z.object({ value: texts }).passthrough().or(z.string())).optional(),
    icon: Icon,
  })
  .passthrough();
const Document = z.object({ tv: z.object({ channel: z.array(z.unknown()).optional(), programme: z.array(z.unknown()).optional() }).passthrough().or(z.literal('')) });

const textOf = (t: Text): string => (typeof t === 'string' ? t : (t['#text'] ?? '')).trim();
const langOf = (t: Text): string => (typeof t === 'string' ? 'en' : (t['@lang'] ?? 'en')).trim().toLowerCase().slice(0, 2) || 'en';

/** Texts by language (title@lang, desc@lang, display-name@lang); the first of a language wins. */
function byLang(list: Text[] | undefined, max: number): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const t of list ?? []) {
    const text = textOf(t).slice(0, max);
    const lang = langOf(t);
    if (text && !(lang in out)) out[lang] = text;
  }
  return Object.keys(out).length ? out : null;
}

/** XMLTV's date: YYYYMMDDhhmmss with an optional ±HHMM zone (UTC when none), seconds optional. */
export function xmltvTime(value: string | undefined): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?\s*(?:([+-])(\d{2})(\d{2})|Z|UTC|GMT)?$/.exec((value ?? '').trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = m;
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  const check = new Date(local);
  if (check.getUTCDate() !== Number(d) || check.getUTCHours() !== Number(h) || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60 : 0;
  return local / 1000 - offset;
}

/** The minimum age of an XMLTV rating value: a number in it ("-12", "16+", "TV-14"), or a known label. */
export function ratingAge(value: string): number {
  const v = value.trim().toUpperCase();
  const n = /(\d{1,2})/.exec(v);
  if (n) return Math.min(18, Number(n[1]));
  const labels: Record<string, number> = { 'TV-MA': 18, R: 17, X: 18, 'TV-PG': 10, PG: 10, 'TV-G': 0, G: 0, U: 0, 'TV-Y': 0, 'TOUS PUBLICS': 0 };
  return labels[v] ?? 0;
}

/** An episode as shown: "S1 E2" from xmltv_ns ("0.1.0/1", zero-based), else the onscreen text. */
function episodeOf(list: z.infer<typeof ProgrammeNode>['episode-num']): string | null {
  let onscreen: string | null = null;
  for (const e of list ?? []) {
    const text = (typeof e === 'string' ? e : (e['#text'] ?? '')).trim();
    const system = typeof e === 'string' ? '' : (e['@system'] ?? '');
    if (system === 'xmltv_ns') {
      const [season, episode] = text.split('.').map((part) => Number.parseInt(part.split('/')[0]?.trim() ?? '', 10));
      const parts = [season !== undefined && Number.isFinite(season) ? `S${season + 1}` : '', episode !== undefined && Number.isFinite(episode) ? `E${episode + 1}` : ''].filter(Boolean);
      if (parts.length) return parts.join(' ');
    } else if (text && !onscreen) onscreen = text.slice(0, 40);
  }
  return onscreen;
}

const httpUrl = (value: string | undefined): string | null => (value && /^https?:\/\/\S+$/.test(value) && value.length <= 500 ? value : null);
/** An icon: an http(s) URL, or a site path (the demo's /catalogue/… images). */
const iconOf = (list: z.infer<typeof Icon>): string | null => {
  const src = list?.[0]?.['@src']?.trim();
  return httpUrl(src) ?? (src && /^\/[\w\-./]+$/.test(src) && src.length <= 300 ? src : null);
};

/** Reads an XMLTV document. Throws XmltvError when it is not one (nothing may be imported from it). */
export function parseXmltv(text: string): Guide {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    // The validator names unclosed elements as a JSON list: say it in words.
    const unclosed = /^Invalid '\[(.*)\]' found/s.exec(valid.err.msg)?.[1];
    const why = unclosed ? `unclosed element(s) ${unclosed.replace(/\s+/g, ' ').replace(/"/g, '').trim()}` : valid.err.msg;
    throw new XmltvError(`not well-formed XML: ${why} (line ${valid.err.line})`);
  }
  let raw: unknown;
  try {
    raw = parser.parse(text);
  } catch (error) {
    throw new XmltvError(`unreadable XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const doc = Document.safeParse(raw);
  if (!doc.success) throw new XmltvError('not an XMLTV document: the root element must be <tv>');
  const tv = doc.data.tv === '' ? {} : doc.data.tv;

  const channels: GuideChannel[] = [];
  const seen = new Set<string>();
  for (const node of tv.channel ?? []) {
    const parsed = ChannelNode.safeParse(node);
    if (!parsed.success) throw new XmltvError('a <channel> has no id');
    const c = parsed.data;
    if (seen.has(c['@id'])) continue;
    seen.add(c['@id']);
    const names = byLang(c['display-name'], 80) ?? { en: c['@id'] };
    // A display name that is only digits is the channel's number (as many XMLTV grabbers write it).
    const numeric = Object.entries(names).find(([, name]) => /^\d{1,4}$/.test(name));
    if (numeric) delete names[numeric[0]];
    channels.push({ xmltvId: c['@id'], names: Object.keys(names).length ? names : { en: c['@id'] }, number: numeric ? Number(numeric[1]) : null, logo: iconOf(c.icon) });
  }

  const rejected: RejectedRow[] = [];
  const kept: (Omit<GuideProgramme, 'stop'> & { stop: number | null; index: number; startText: string })[] = [];
  (tv.programme ?? []).forEach((node, index) => {
    const parsed = ProgrammeNode.safeParse(node);
    const p = parsed.success ? parsed.data : null;
    const channel = p?.['@channel']?.trim() ?? '';
    const startText = p?.['@start'] ?? '';
    const reject = (reason: string) => rejected.push({ index: index + 1, channel, start: startText, reason });
    if (!p) return reject('unreadable programme');
    if (!channel) return reject('no channel');
    const start = xmltvTime(p['@start']);
    if (start === null) return reject('start is not an XMLTV date');
    const stop = p['@stop'] === undefined ? null : xmltvTime(p['@stop']);
    if (p['@stop'] !== undefined && stop === null) return reject('stop is not an XMLTV date');
    if (stop !== null && stop <= start) return reject('stop is not after start');
    const title = byLang(p.title, 200);
    if (!title) return reject('no title');
    kept.push({
      index: index + 1,
      startText,
      channel,
      start,
      stop,
      title,
      description: byLang(p.desc, 1000),
      category: byLang(p.category, 60),
      episode: episodeOf(p['episode-num']),
      ageRating: Math.max(0, ...(p.rating ?? []).flatMap((r) => (typeof r === 'string' ? [ratingAge(r)] : (r.value ?? []).map((v) => ratingAge(textOf(v)))))),
      image: iconOf(p.icon),
    });
  });

  // A missing stop is the next programme's start on the same channel (the DTD allows leaving it out).
  kept.sort((a, b) => a.channel.localeCompare(b.channel) || a.start - b.start);
  const programmes: GuideProgramme[] = [];
  kept.forEach((p, i) => {
    const following = kept[i + 1];
    const stop = p.stop ?? (following && following.channel === p.channel ? following.start : null);
    if (stop === null) return rejected.push({ index: p.index, channel: p.channel, start: p.startText, reason: 'no stop and no following programme' });
    const last = programmes[programmes.length - 1];
    if (last && last.channel === p.channel && last.start === p.start) return rejected.push({ index: p.index, channel: p.channel, start: p.startText, reason: 'another programme starts at the same time' });
    const { index: _index, startText: _startText, ...rest } = p;
    programmes.push({ ...rest, stop });
  });
  rejected.sort((a, b) => a.index - b.index);
  return { channels, programmes, rejected };
}

export type Statement = { sql: string; params: (string | number | null)[] };

/** Programmes per statement (bound as one JSON array; keeps each statement well under D1's limits). */
const CHUNK = 100;

/** A URL-safe slug for a new channel, from its XMLTV id ("aflam.tafrij.ma" → "aflam-tafrij-ma"). */
export const channelSlug = (xmltvId: string): string =>
  xmltvId
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'channel';

/**
 * The statements that import `guide` (channels first, then per channel: the programmes it no
 * longer lists inside the time it covers are removed, the others inserted or updated in place, so
 * their ids — and the reminders on them — stay). `known`: XMLTV ids already in D1; programmes of a
 * channel neither known nor in the file are rejected.
 */
export function importStatements(guide: Guide, known: ReadonlySet<string>, nowIso: string): { statements: Statement[]; programmes: number; rejected: RejectedRow[] } {
  const statements: Statement[] = [];
  const inFile = new Set(guide.channels.map((c) => c.xmltvId));
  for (const c of guide.channels) {
    statements.push({
      sql: `INSERT INTO channels (xmltv_id, slug, number, names, logo, updated_at)
            VALUES (?1, ?2 || CASE WHEN EXISTS (SELECT 1 FROM channels WHERE slug = ?2) THEN '-' || (SELECT COUNT(*) FROM channels) ELSE '' END,
                    COALESCE(?3, (SELECT COALESCE(MAX(number), 0) + 1 FROM channels)), ?4, ?5, ?6)
            ON CONFLICT (xmltv_id) DO UPDATE SET names = excluded.names, logo = COALESCE(excluded.logo, channels.logo),
              number = COALESCE(?3, channels.number), updated_at = excluded.updated_at`,
      params: [c.xmltvId, channelSlug(c.xmltvId), c.number ?? null, JSON.stringify(c.names), c.logo, nowIso],
    });
  }
  const rejected = [...guide.rejected];
  const byChannel = new Map<string, GuideProgramme[]>();
  guide.programmes.forEach((p) => {
    if (!inFile.has(p.channel) && !known.has(p.channel)) {
      rejected.push({ index: 0, channel: p.channel, start: new Date(p.start * 1000).toISOString(), reason: 'unknown channel' });
      return;
    }
    byChannel.set(p.channel, [...(byChannel.get(p.channel) ?? []), p]);
  });
  let count = 0;
  for (const [channel, list] of byChannel) {
    const from = Math.min(...list.map((p) => p.start));
    const to = Math.max(...list.map((p) => p.stop));
    statements.push({
      sql: `DELETE FROM programmes WHERE channel_id = (SELECT id FROM channels WHERE xmltv_id = ?1) AND starts_at >= ?2 AND starts_at < ?3
              AND starts_at NOT IN (SELECT value FROM json_each(?4))`,
      params: [channel, from, to, JSON.stringify(list.map((p) => p.start))],
    });
    for (let i = 0; i < list.length; i += CHUNK) {
      const rows = list.slice(i, i + CHUNK).map((p) => ({
        s: p.start,
        e: p.stop,
        t: JSON.stringify(p.title),
        d: p.description ? JSON.stringify(p.description) : null,
        c: p.category ? JSON.stringify(p.category) : null,
        n: p.episode,
        a: p.ageRating,
        i: p.image,
      }));
      statements.push({
        sql: `INSERT INTO programmes (channel_id, starts_at, ends_at, title, description, category, episode, age_rating, image, updated_at)
              SELECT (SELECT id FROM channels WHERE xmltv_id = ?1), j.value ->> 's', j.value ->> 'e', j.value ->> 't', j.value ->> 'd', j.value ->> 'c', j.value ->> 'n', j.value ->> 'a', j.value ->> 'i', ?3
              FROM json_each(?2) j WHERE true
              ON CONFLICT (channel_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at, title = excluded.title, description = excluded.description,
                category = excluded.category, episode = excluded.episode, age_rating = excluded.age_rating, image = excluded.image, updated_at = excluded.updated_at`,
        params: [channel, JSON.stringify(rows), nowIso],
      });
    }
    count += list.length;
  }
  return { statements, programmes: count, rejected };
}

export type ImportReport = { channels: number; programmes: number; rejected: RejectedRow[] };

/** Imports an XMLTV document into D1 in one batch (one transaction): all of it, or — XmltvError — nothing. */
export async function importXmltv(db: D1Database, text: string, now: Date): Promise<ImportReport> {
  const guide = parseXmltv(text);
  const { results } = await db.prepare('SELECT xmltv_id FROM channels').all<{ xmltv_id: string }>();
  const known = new Set(results.map((r) => r.xmltv_id));
  const { statements, programmes, rejected } = importStatements(guide, known, now.toISOString());
  if (statements.length) await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
  return { channels: guide.channels.length, programmes, rejected };
}
