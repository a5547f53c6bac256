import { useCallback, useEffect, type RefObject } from 'react';
import { beacon, limitOf, post } from './api';

type Options = {
  streamId: string | null;
  heartbeatSeconds: number;
  /** Saves the position (usePositionSaving). */
  save: (how: 'fetch' | 'beacon') => void;
  /** A fresh stream_url (a page back from the back/forward cache lost its slot on the way out). */
  refresh: RefObject<() => Promise<void>>;
  /** The slot is lost and the account's other devices hold every slot: playback must stop. */
  onLost: (limit: number | null) => void;
};

/**
 * The stream slot (spec §8 maximum simultaneous devices): a heartbeat every `heartbeatSeconds` and
 * when the page shows again; the slot freed (and the position saved) when the page goes away.
 */
export function useStreamSlot({ streamId, heartbeatSeconds, save, refresh, onLost }: Options): void {
  const heartbeat = useCallback(async () => {
    if (!streamId) return;
    const res = await post(`/streams/${streamId}/heartbeat`).catch(() => null);
    if (res?.status !== 409) return;
    const body: unknown = await res.json().catch(() => null);
    onLost(limitOf(body));
  }, [streamId, onLost]);

  useEffect(() => {
    if (!streamId) return;
    const timer = setInterval(() => void heartbeat(), Math.max(5, heartbeatSeconds) * 1000);
    return () => clearInterval(timer);
  }, [heartbeat, streamId, heartbeatSeconds]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save('beacon');
      else void heartbeat();
    };
    const onPageHide = () => {
      save('beacon');
      if (streamId) beacon(`/streams/${streamId}/stop`);
    };
    // Back from the back/forward cache: the slot was freed on the way out.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refresh.current();
    };
    document.addEventListener('visibilitychange', onHidden);
    addEventListener('pagehide', onPageHide);
    addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      removeEventListener('pagehide', onPageHide);
      removeEventListener('pageshow', onPageShow);
    };
  }, [save, heartbeat, streamId, refresh]);
}
