import { describe, expect, it } from 'vitest';
import { ageLabel } from './display';

const t = (key: string, params?: Record<string, string | number>) => (key === 'ALL_PUBLIC' ? 'All public' : `${key}(${params?.name ?? ''})`);

describe('profile age label', () => {
  it('labels the age restriction', () => {
    expect(ageLabel(t, '12-age-restriction')).toBe('AGE_LIMIT_LABEL(12+)');
    expect(ageLabel(t, '12-age-restriction', [{ rating: 12, name: '-12' }])).toBe('AGE_LIMIT_LABEL(-12)');
    expect(ageLabel(t, 'no-age-restriction')).toBe('All public');
  });
});
