import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { apiFetch } from '../api';
import { beacon } from './api';
import { GUEST_PROFILE, rememberWatched } from './watched';

const SAVE_EVERY_MS = 10_000;

type Options = { video: RefObject<HTMLVideoElement | null>; contentId: number; loggedIn: boolean; profileId: number | null; trailer: boolean };

/**
 * Saving the position (spec: every 10 s while playing, on pause, on page hide): to the API for a
 * member (and this browser's copy per profile, spec §3 `watched`), in this browser only for a guest.
 * `save('beacon')` survives the page going away. `lastSaved` is the position saved last (seconds).
 */
export function usePositionSaving({ video, contentId, loggedIn, profileId, trailer }: Options) {
  const lastSaved = useRef(0);
  const save = useCallback(
    (how: 'fetch' | 'beacon', at?: number) => {
      const el = video.current;
      // Nothing loaded (or an engine being replaced, which empties the element): nothing to save.
      if (!el || trailer || (at === undefined && el.readyState === HTMLMediaElement.HAVE_NOTHING)) return;
      const position = Math.floor(at ?? el.currentTime);
      if (!Number.isFinite(position) || Math.abs(position - lastSaved.current) < 1) return;
      lastSaved.current = position;
      // Spec §3 `watched` keyed by profile id, for every profile; the guest's ("0") is its only copy.
      if (!loggedIn) return rememberWatched(GUEST_PROFILE, contentId, position);
      if (profileId) rememberWatched(profileId, contentId, position);
      const body = profileId ? { time: position, profile: profileId } : { time: position };
      if (how === 'beacon') beacon(`/actions/watched/${contentId}`, body);
      else
        void apiFetch(`/actions/watched/${contentId}`, {
          method: 'PUT',
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }).catch(() => undefined);
    },
    [video, contentId, loggedIn, profileId, trailer],
  );

  useEffect(() => {
    const timer = setInterval(() => {
      if (video.current && !video.current.paused) save('fetch');
    }, SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [video, save]);

  return { save, lastSaved };
}
