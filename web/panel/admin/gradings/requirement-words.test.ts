import { describe, expect, it } from 'vitest';
import type { RequirementCheck } from '#core/progression/eligibility.ts';
import { checkWords, unmetWords } from './requirement-words.ts';

const check = (c: Partial<RequirementCheck> & Pick<RequirementCheck, 'type'>): RequirementCheck => ({
  mode: 'gate',
  required: 0,
  actual: 0,
  met: false,
  remaining: null,
  ...c,
});

describe('requirement words', () => {
  it('says counts as "x of y"', () => {
    expect(checkWords(check({ type: 'min_classes', required: 24, actual: 18 }))).toBe('18 of 24 classes');
    expect(checkWords(check({ type: 'techniques_passed', required: 7, actual: 5 }))).toBe('5 of 7 techniques passed');
  });
  it('says an unknown age or rate instead of a guess, and marks advisory checks', () => {
    expect(checkWords(check({ type: 'min_age', required: 16, actual: null }))).toBe('age unknown (needs at least 16)');
    expect(checkWords(check({ type: 'min_attendance_rate', mode: 'advisory', required: 60, actual: 41 }))).toBe(
      '41% attendance (needs 60%) (advisory)',
    );
  });
  it('lists only the unmet checks', () => {
    const checks = [
      check({ type: 'min_days', required: 60, actual: 70, met: true }),
      check({ type: 'instructor_approval', required: true, actual: false }),
      check({ type: 'min_classes', required: 24, actual: 3 }),
    ];
    expect(unmetWords(checks)).toBe('not yet approved by an instructor · 3 of 24 classes');
  });
});
