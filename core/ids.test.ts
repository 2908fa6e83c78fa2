import { describe, expect, it } from 'vitest';
import { newId, newSecret } from './ids.ts';

describe('ids', () => {
  it('makes 24-character ids that sort by creation time', () => {
    const a = newId(1_700_000_000_000);
    const b = newId(1_700_000_000_001);
    expect(a).toHaveLength(24);
    expect(a < b).toBe(true);
  });
  it('makes distinct ids and url-safe secrets', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId()));
    expect(ids.size).toBe(1000);
    expect(newSecret()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
