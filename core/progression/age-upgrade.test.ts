import { describe, expect, it } from 'vitest';
import { movesUp } from './age-upgrade.ts';
import { ageOnDay } from './eligibility.ts';

const target = { ageUpgradeRankId: 'adult-orange', ageUpgradeAtYears: 13 };

describe('movesUp', () => {
  it('moves a candidate who is the age on the grading’s day, not the day before their birthday', () => {
    expect(movesUp(target, '2013-09-19', '2026-09-19')).toBe(true);
    expect(movesUp(target, '2013-09-20', '2026-09-19')).toBe(false);
    expect(movesUp(target, '2010-01-01', '2026-09-19')).toBe(true);
  });
  it('never moves without a target, an age or a readable birth date', () => {
    expect(movesUp({ ageUpgradeRankId: null, ageUpgradeAtYears: null }, '2000-01-01', '2026-09-19')).toBe(false);
    expect(movesUp({ ageUpgradeRankId: 'x', ageUpgradeAtYears: null }, '2000-01-01', '2026-09-19')).toBe(false);
    expect(movesUp(target, null, '2026-09-19')).toBe(false);
    expect(movesUp(target, 'not a date', '2026-09-19')).toBe(false);
  });
});

describe('ageOnDay', () => {
  it('counts a 29 February birthday on 1 March in a common year', () => {
    expect(ageOnDay('2012-02-29', '2025-02-28')).toBe(12);
    expect(ageOnDay('2012-02-29', '2025-03-01')).toBe(13);
    expect(ageOnDay('2012-02-29', '2024-02-29')).toBe(12);
  });
});
