import { describe, expect, it } from 'vitest';
import type Hls from 'hls.js';
import { capLevels } from './data-cap';
import { SAVER_BUFFER_AHEAD_SECONDS } from '../../worker/rules/data-usage';

/** The part of an hls.js instance capLevels touches. */
const fakeHls = (bitrates: number[]) => {
  const hls = { levels: bitrates.map((bitrate) => ({ bitrate })), config: { maxMaxBufferLength: 600 }, capLevelToPlayerSize: true, autoLevelCapping: -1 };
  return { hls, as: hls as unknown as Hls };
};

describe('capLevels', () => {
  it('caps the renditions and the buffer ahead in Data saver, and gives both back in Best quality', () => {
    const { hls, as } = fakeHls([250_000, 600_000, 1_400_000, 5_000_000]);
    capLevels(as, 'saver');
    expect(hls).toMatchObject({ autoLevelCapping: 1, capLevelToPlayerSize: false, config: { maxMaxBufferLength: SAVER_BUFFER_AHEAD_SECONDS } });
    capLevels(as, 'best');
    expect(hls).toMatchObject({ autoLevelCapping: -1, capLevelToPlayerSize: true, config: { maxMaxBufferLength: 600 } });
  });

  it('leaves Automatic as hls.js has it where the browser gives no hints, and waits for the levels', () => {
    const { hls, as } = fakeHls([250_000, 5_000_000]);
    capLevels(as, 'auto');
    expect(hls).toMatchObject({ autoLevelCapping: -1, capLevelToPlayerSize: true, config: { maxMaxBufferLength: 600 } });
    const empty = fakeHls([]);
    capLevels(empty.as, 'saver');
    expect(empty.hls).toMatchObject({ autoLevelCapping: -1, capLevelToPlayerSize: true });
  });
});
