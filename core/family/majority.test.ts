import { describe, expect, it } from 'vitest';
import { comesOfAgeOn, isOfAge } from './majority.ts';

const ZONE = 'America/Toronto';

describe('a child coming of age', () => {
  it('turns on the school’s calendar day, not UTC’s', () => {
    // 23:30 in Toronto on the eve of the 18th birthday is already the birthday in UTC.
    expect(isOfAge('2008-12-02', Date.parse('2026-12-02T04:30:00Z'), ZONE)).toBe(false);
    expect(isOfAge('2008-12-02', Date.parse('2026-12-02T05:30:00Z'), ZONE)).toBe(true);
  });

  it('follows the school’s own age', () => {
    expect(isOfAge('2010-05-01', Date.parse('2026-06-01T12:00:00Z'), ZONE, 16)).toBe(true);
    expect(isOfAge('2010-05-01', Date.parse('2026-06-01T12:00:00Z'), ZONE)).toBe(false);
  });

  it('names the day, with a 29 February birthday coming of age on 1 March', () => {
    expect(comesOfAgeOn('2008-12-02')).toBe('2026-12-02');
    expect(comesOfAgeOn('2008-02-29')).toBe('2026-03-01');
    expect(isOfAge('2008-02-29', Date.parse('2026-02-28T20:00:00Z'), ZONE)).toBe(false);
    expect(isOfAge('2008-02-29', Date.parse('2026-03-01T20:00:00Z'), ZONE)).toBe(true);
  });
});
