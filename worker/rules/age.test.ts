import { describe, expect, it } from 'vitest';
import { ageLimit, ageRestriction, allowedFor, settleAgeRestriction } from './age';

describe('age restriction', () => {
  it('reads and writes the spec format', () => {
    expect(ageLimit('12-age-restriction')).toBe(12);
    expect(ageLimit('no-age-restriction')).toBeNull();
    expect(ageLimit('12')).toBeNull();
    expect(ageRestriction(16)).toBe('16-age-restriction');
    expect(ageRestriction(null)).toBe('no-age-restriction');
    expect(ageRestriction(0)).toBe('no-age-restriction');
  });

  it('keeps content at or below the limit, and content without a rating', () => {
    expect(allowedFor(12, 12)).toBe(true);
    expect(allowedFor(12, 16)).toBe(false);
    expect(allowedFor(12, null)).toBe(true);
    expect(allowedFor(null, 18)).toBe(true);
  });
});

describe('settleAgeRestriction', () => {
  const ratings = [10, 12, 16, 18];
  it('accepts only the maturity ratings', () => {
    expect(settleAgeRestriction(false, '16-age-restriction', ratings)).toEqual({ value: '16-age-restriction' });
    expect(settleAgeRestriction(false, '13-age-restriction', ratings)).toEqual({ error: 'INVALID_AGE_RESTRICTION' });
    expect(settleAgeRestriction(false, 'no-age-restriction', ratings)).toEqual({ value: 'no-age-restriction' });
  });
  it('limits kids profiles to 12, by default to 12', () => {
    expect(settleAgeRestriction(true, 'no-age-restriction', ratings)).toEqual({ value: '12-age-restriction' });
    expect(settleAgeRestriction(true, '10-age-restriction', ratings)).toEqual({ value: '10-age-restriction' });
    expect(settleAgeRestriction(true, '16-age-restriction', ratings)).toEqual({ error: 'KIDS_AGE_LIMIT' });
    expect(settleAgeRestriction(true, 'no-age-restriction', [16, 18])).toEqual({ error: 'KIDS_AGE_LIMIT' });
  });
});
