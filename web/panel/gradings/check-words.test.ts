import { describe, expect, it } from 'vitest';
import type { RequirementCheck } from '#core/progression/eligibility.ts';
import { checklistLine, checkProgress, checkWords } from './check-words.ts';

const check = (c: Partial<RequirementCheck> & Pick<RequirementCheck, 'type'>): RequirementCheck => ({
  mode: 'gate',
  required: 0,
  actual: 0,
  met: false,
  remaining: 0,
  ...c,
});

describe('a checklist in words', () => {
  it('says what is done of what is asked, one check at a time', () => {
    expect(checkWords(check({ type: 'min_classes', required: 24, actual: 18 }))).toBe('18 of 24 classes');
    expect(checkWords(check({ type: 'min_days', required: 60, actual: 41 }))).toBe('41 of 60 days');
    expect(checkWords(check({ type: 'techniques_passed', required: 1, actual: 0 }))).toBe('0 of 1 technique passed');
    expect(checkWords(check({ type: 'min_attendance_rate', required: 60, actual: null }))).toBe('attendance not known yet (60% asked)');
    expect(checkWords(check({ type: 'min_age', required: 16, actual: null }))).toBe('age not known (at least 16)');
    expect(checkWords(check({ type: 'instructor_approval', required: true, actual: true, met: true }))).toBe('approved by an instructor');
    expect(checkWords(check({ type: 'active_membership', required: true, actual: false }))).toBe('no active membership');
  });

  it('puts the gates first and marks the advisories on the one-line summary', () => {
    const line = checklistLine([
      check({ type: 'min_attendance_rate', mode: 'advisory', required: 60, actual: 72, met: true }),
      check({ type: 'min_classes', required: 24, actual: 18 }),
      check({ type: 'min_days', required: 60, actual: 41 }),
      check({ type: 'techniques_passed', required: 7, actual: 5 }),
    ]);
    expect(line).toBe('18 of 24 classes · 41 of 60 days · 5 of 7 techniques passed · 72% of 60% attendance (advisory)');
  });

  it('measures progress for the bars, never past full, nothing for a yes/no not met or an age over the limit', () => {
    expect(checkProgress(check({ type: 'min_classes', required: 24, actual: 18 }))).toBe(0.75);
    expect(checkProgress(check({ type: 'min_classes', required: 24, actual: 30, met: true }))).toBe(1);
    expect(checkProgress(check({ type: 'instructor_approval', required: true, actual: false }))).toBe(0);
    expect(checkProgress(check({ type: 'max_age', required: 13, actual: 15 }))).toBe(0);
  });
});
