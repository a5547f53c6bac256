import { useCallback, useRef, useState, type RefObject } from 'react';
import type { StreamAnswer } from '../../worker/api/player/schemas';
import { apiFetch } from '../api';
import { isStreamAnswer, limitOf, post } from './api';
import type { Failure } from './FailureOverlay';

type Options = {
  initial: StreamAnswer;
  slug: string;
  trailer: boolean;
  /** A live channel: its stream_url, and a new stream starts at the live edge. */
  live: boolean;
  /** Where to ask for the stream again when it is not a title's or a channel's (a show's stream pass: /events/shows/{id}/stream_url?…). */
  streamPath?: string | undefined;
  profileId: number | null;
  video: RefObject<HTMLVideoElement | null>;
  /** Where the next attachment starts: set here to the position before the re-fetch. */
  startAt: RefObject<number | null>;
  /** The new stream is loading (true), or the answer is a failure to show (null: none). */
  onLoading: () => void;
  setFailure: (failure: Failure | null) => void;
  /** Stops loading media (the account's other devices hold every slot). */
  stopLoad: RefObject<() => void>;
};

/**
 * The stream being played, and `refresh`: stream_url again for expired media URLs (403), a lost
 * slot, Retry, a page back from the back/forward cache. The old slot is freed first; a 409 stops
 * playback with the devices message. `attempt` grows with each new answer, so the engine attaches
 * again even when the URL is the same.
 */
export function useStream({ initial, slug, trailer, live, streamPath, profileId, video, startAt, onLoading, setFailure, stopLoad }: Options) {
  const [stream, setStream] = useState(initial);
  const [attempt, setAttempt] = useState(0);
  const refreshing = useRef(false);

  const refresh = useCallback(async () => {
    if (refreshing.current) return;
    refreshing.current = true;
    const el = video.current;
    try {
      if (stream.streamId) await post(`/streams/${stream.streamId}/stop`).catch(() => undefined);
      const query = new URLSearchParams();
      if (profileId) query.set('profileId', String(profileId));
      if (trailer) query.set('trailer', '1');
      const path = streamPath ?? `/pages/${live ? 'tv' : 'content'}/${encodeURIComponent(slug)}/stream_url`;
      const res = await apiFetch(`${path}${path.includes('?') ? '&' : '?'}${query}`);
      const body: unknown = await res.json().catch(() => null);
      if (res.status === 409) {
        stopLoad.current();
        el?.pause();
        return setFailure({ kind: 'devices', limit: limitOf(body) });
      }
      if (!res.ok || !isStreamAnswer(body)) return setFailure({ kind: 'network' });
      // Read now, not before the calls: the viewer may have sought meanwhile.
      // (A live stream's new engine has its own timeline: it starts at the live edge.)
      startAt.current = live ? -1 : el && el.currentTime > 0 ? el.currentTime : (startAt.current ?? 0);
      setFailure(null);
      onLoading();
      setStream(body);
      setAttempt((n) => n + 1);
    } catch {
      setFailure({ kind: 'network' });
    } finally {
      refreshing.current = false;
    }
  }, [profileId, slug, streamPath, stream.streamId, trailer, live, video, startAt, onLoading, setFailure, stopLoad]);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  return { stream, attempt, refresh, refreshRef };
}
