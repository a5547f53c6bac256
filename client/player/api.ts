import type { StreamAnswer } from '../../worker/api/player/schemas';
import { apiFetch } from '../api';

/** The player's calls to the API: stream_url again, heartbeats, stops and positions (with the device-id header of client/api.ts). */

/** The island's own check of a re-fetched stream_url answer (zod stays on the server). */
export function isStreamAnswer(value: unknown): value is StreamAnswer {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.url === 'string' && typeof v.duration === 'number' && typeof v.content === 'object' && v.content !== null && Array.isArray(v.subtitles);
}

/** `limit` of a 409 MAXIMUM_DEVICES_REACHED answer. */
export const limitOf = (body: unknown): number | null =>
  body && typeof body === 'object' && 'limit' in body && typeof body.limit === 'number' ? body.limit : null;

export const post = (path: string, body?: unknown) =>
  apiFetch(path, {
    method: 'POST',
    keepalive: true,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** sendBeacon (survives the page), JSON sent as text/plain (a CORS-safe type), else a keepalive fetch. */
export function beacon(path: string, body?: unknown): void {
  const data = body === undefined ? undefined : new Blob([JSON.stringify(body)], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(`/api${path}`, data)) return;
  void post(path, body).catch(() => undefined);
}
