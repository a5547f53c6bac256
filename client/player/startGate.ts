/**
 * When the player's island may hydrate: once the video shows its first frame (or cannot: an
 * error), and at the latest after `ms`, so that React's start (its code, the dictionary, the
 * island's first render: hundreds of milliseconds of a phone's main thread) does not delay the
 * first frame, whose playlists, segments and buffer appends also run there. Presses on Play before
 * that are the boot script's (client/player/engine.ts); autoplay refused waits for the timeout.
 */
export type Timers = { set: (run: () => void, ms: number) => unknown; clear: (timer: unknown) => void };

/** The window's timers, called as functions of the window (a bare reference would lose it: Illegal invocation). */
const WINDOW_TIMERS: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>) };

export function firstFrameOrTimeout(video: HTMLVideoElement, ms: number, timers: Timers = WINDOW_TIMERS): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      timers.clear(timer);
      video.removeEventListener('playing', done);
      video.removeEventListener('error', done);
      resolve();
    };
    const timer = timers.set(done, ms);
    video.addEventListener('playing', done);
    video.addEventListener('error', done);
  });
}
