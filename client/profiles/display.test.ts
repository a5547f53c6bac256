import { describe, expect, it } from 'vitest';
import { ageLabel, profileName } from './display';

const t = (key: string, params?: Record<string, string | number>) => (key === 'ALL_PUBLIC' ? 'All public' : `${key}(${params?.name ?? ''})`);

describe('profile display', () => {
  it('shows the username for a profile named Default (spec §3)', () => {
    const account = { email: 'a@example.com', phone: null };
    expect(profileName({ name: 'Kids', username: 'Sam' }, account)).toBe('Kids');
    expect(profileName({ name: 'Default', username: 'Sam' }, account)).toBe('Sam');
    expect(profileName({ name: 'Default', username: null }, account)).toBe('a@example.com');
    expect(profileName({ name: 'Default', username: '' }, { email: null, phone: '+212600000000' })).toBe('+212600000000');
    expect(profileName({ name: 'Default', username: null }, { email: null, phone: null })).toBe('Default');
  });

  it('labels the age restriction', () => {
    expect(ageLabel(t, '12-age-restriction')).toBe('AGE_LIMIT_LABEL(12+)');
    expect(ageLabel(t, '12-age-restriction', [{ rating: 12, name: '-12' }])).toBe('AGE_LIMIT_LABEL(-12)');
    expect(ageLabel(t, 'no-age-restriction')).toBe('All public');
  });
});
