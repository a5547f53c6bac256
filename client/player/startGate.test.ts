import { describe, expect, it } from 'vitest';
import { firstFrameOrTimeout, type Timers } from './startGate';

/** A video element's events, and timers run by hand. */
function fakes() {
  const target = new EventTarget();
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = {
    set: (run) => {
      pending.set(++next, run);
      return next;
    },
    clear: (id) => void pending.delete(id as number),
  };
  return { video: target as unknown as HTMLVideoElement, target, pending, timers };
}

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('firstFrameOrTimeout', () => {
  it('opens on the first frame (playing) and drops its timer', async () => {
    const { video, target, pending, timers } = fakes();
    const gate = firstFrameOrTimeout(video, 1000, timers);
    expect(await settled(gate)).toBe(false);
    target.dispatchEvent(new Event('playing'));
    expect(await settled(gate)).toBe(true);
    expect(pending.size).toBe(0);
  });

  it('runs on the window\'s own timers by default', async () => {
    const { video } = fakes();
    await firstFrameOrTimeout(video, 1);
  });

  it('opens on an error, and after the time when nothing plays (autoplay refused)', async () => {
    const errored = fakes();
    const gate = firstFrameOrTimeout(errored.video, 1000, errored.timers);
    errored.target.dispatchEvent(new Event('error'));
    expect(await settled(gate)).toBe(true);
    const idle = fakes();
    const waiting = firstFrameOrTimeout(idle.video, 1000, idle.timers);
    expect(await settled(waiting)).toBe(false);
    for (const run of idle.pending.values()) run();
    expect(await settled(waiting)).toBe(true);
  });
});
