import { describe, expect, it } from 'vitest';
import { pinError } from './pin';

describe('PIN check errors (spec §8)', () => {
  it('maps the status to its message', () => {
    expect(pinError(404)).toEqual({ key: 'CODE_WAS_INCORRECT' });
    expect(pinError(429)).toEqual({ key: 'TOO_MANY_ATTEMPTS' });
    expect(pinError(429, 900)).toEqual({ key: 'TOO_MANY_ATTEMPTS_WAIT', params: { minutes: 15 } });
    expect(pinError(429, 61)).toEqual({ key: 'TOO_MANY_ATTEMPTS_WAIT', params: { minutes: 2 } });
    expect(pinError(400)).toEqual({ key: 'WHOSWATCHING_CODE_WAS_INCORRECT' });
    expect(pinError(0)).toEqual({ key: 'WHOSWATCHING_CODE_WAS_INCORRECT' });
  });
});
