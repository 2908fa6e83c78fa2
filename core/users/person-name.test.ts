import { describe, expect, it } from 'vitest';
import { profileName } from './person-name.ts';

describe('profileName', () => {
  it('joins the parts that are set, trimmed, else answers the fallback', () => {
    expect(profileName({ firstName: ' Leo ', lastName: 'Park' })).toBe('Leo Park');
    expect(profileName({ firstName: 'Leo' }, 'x')).toBe('Leo');
    expect(profileName({ lastName: 'Park', firstName: '  ' }, 'x')).toBe('Park');
    expect(profileName({}, 'leo@dojo.local')).toBe('leo@dojo.local');
    expect(profileName(null, 'Deleted user')).toBe('Deleted user');
    expect(profileName(undefined)).toBe('');
  });
});
