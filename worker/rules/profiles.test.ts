import { describe, expect, it } from 'vitest';
import { profileName } from './profiles';

describe('profile display name', () => {
  it('shows the username for a profile named Default (spec §3)', () => {
    const account = { email: 'a@example.com', phone: null };
    expect(profileName({ name: 'Kids', username: 'Sam' }, account)).toBe('Kids');
    expect(profileName({ name: 'Default', username: 'Sam' }, account)).toBe('Sam');
    expect(profileName({ name: 'Default', username: null }, account)).toBe('a@example.com');
    expect(profileName({ name: 'Default', username: '' }, { email: null, phone: '+212600000000' })).toBe('+212600000000');
    expect(profileName({ name: 'Default', username: null }, { email: null, phone: null })).toBe('Default');
  });
});
