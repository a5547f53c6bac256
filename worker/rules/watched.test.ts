import { describe, expect, it } from 'vitest';
import { isFinished } from './watched';

describe('the finished mark', () => {
  it('is 95 % of a known duration', () => {
    expect(isFinished(569, 600)).toBe(false);
    expect(isFinished(570, 600)).toBe(true);
    expect(isFinished(900, 600)).toBe(true);
  });

  it('is never reached without a position or a duration', () => {
    expect(isFinished(undefined, 600)).toBe(false);
    expect(isFinished(0, 600)).toBe(false);
    expect(isFinished(570, null)).toBe(false);
    expect(isFinished(570, 0)).toBe(false);
    expect(isFinished(570, Number.NaN)).toBe(false);
  });
});
