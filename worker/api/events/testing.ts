// Test kit of events (issue 17): a festival with one show and its three ticket types, made for one test.
import { env } from 'cloudflare:workers';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const i18n = (text: string) => JSON.stringify({ en: text, fr: `${text} (fr)`, ar: `${text} (ar)`, es: `${text} (es)` });

export type Made = { slug: string; eventId: number; showId: number; showSlug: string; venue: number; stream: number; both: number };

/** A festival with one show of `capacity` seats starting at `startsAt`, and its three ticket types (venue 150 MAD, stream 50, both 180). */
export async function festival(capacity: number, startsAt = Date.now() + 3 * 24 * HOUR, hours = 2): Promise<Made> {
  const id = crypto.randomUUID().slice(0, 8);
  const slug = `fest-${id}`;
  const event = await env.DB.prepare('INSERT INTO events (slug, names, descriptions, city, starts_at, ends_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(slug, i18n('Test festival'), i18n('Laughs.'), 'Marrakech', iso(startsAt), iso(startsAt + 5 * 24 * HOUR), iso(Date.now()))
    .first<{ id: number }>();
  await env.DB.prepare('INSERT INTO event_artists (event_id, name, bios, position) VALUES (?, ?, ?, 0)').bind(event!.id, 'Yassine Amrani', i18n('A comedian.')).run();
  const showSlug = `show-${id}`;
  const show = await env.DB.prepare('INSERT INTO event_shows (event_id, slug, titles, venue, starts_at, ends_at, capacity) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(event!.id, showSlug, i18n('Opening night'), 'Théâtre Royal', iso(startsAt), iso(startsAt + hours * HOUR), capacity)
    .first<{ id: number }>();
  const type = async (kind: string, mad: number, position: number, max = 4) =>
    (await env.DB.prepare('INSERT INTO ticket_types (show_id, kind, names, price_mad, price_eur, price_usd, max_per_order, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id')
      .bind(show!.id, kind, i18n(kind), mad, mad / 10, mad / 10, max, position)
      .first<{ id: number }>())!.id;
  return { slug, eventId: event!.id, showId: show!.id, showSlug, venue: await type('venue', 15000, 0), stream: await type('stream', 5000, 1), both: await type('both', 18000, 2) };
}

