import { describe, expect, it } from 'vitest';
import type { RequirementCheck } from '#core/progression/eligibility.ts';
import {
  checklistLine,
  checkPhrase,
  shortChecklistLine,
  checkProgress,
  checkRemaining,
  readinessText,
  techniqueNoun,
} from '#web/components/progress-words.ts';

const check = (c: Partial<RequirementCheck> & Pick<RequirementCheck, 'type'>): RequirementCheck => ({
  mode: 'gate',
  required: 0,
  actual: 0,
  met: false,
  remaining: 0,
  ...c,
});

const classes = check({ type: 'min_classes', required: 24, actual: 18, remaining: 6 });
const days = check({ type: 'min_days', required: 60, actual: 41, remaining: 19 });
const kata = check({ type: 'techniques_passed', required: 7, actual: 5, remaining: 2 });
const KATA = Array.from({ length: 7 }, () => ({ category: 'kata' }));

describe('the checklist line', () => {
  it('reads as the issue writes it: "18 of 24 classes · 41 of 60 days · 5 of 7 kata passed"', () => {
    expect(checklistLine([classes, days, kata], KATA)).toBe('18 of 24 classes · 41 of 60 days · 5 of 7 kata passed');
  });

  it('keeps only the counted gates in the short line', () => {
    const rate = check({ type: 'min_attendance_rate', mode: 'gate', required: 60, actual: 72, met: true });
    const advisoryDays = { ...days, mode: 'advisory' as const };
    const approval = check({ type: 'instructor_approval', required: true, actual: false, remaining: null });
    expect(shortChecklistLine([classes, rate, advisoryDays, approval, kata], KATA)).toBe('18 of 24 classes · 5 of 7 kata passed');
    expect(shortChecklistLine([approval])).toBe('');
  });

  it('marks advisory checks and says techniques when the categories are mixed', () => {
    const rate = check({ type: 'min_attendance_rate', mode: 'advisory', required: 60, actual: 72, met: true });
    expect(checklistLine([kata, rate], [{ category: 'kata' }, { category: 'kihon' }])).toBe(
      '5 of 7 techniques passed · 72% attendance (60% needed) (advisory)',
    );
  });
});

describe('one check', () => {
  it('says yes/no checks in words', () => {
    expect(checkPhrase(check({ type: 'instructor_approval', required: true, actual: false, remaining: null }))).toBe(
      'instructor’s approval not given yet',
    );
    expect(checkPhrase(check({ type: 'active_membership', required: true, actual: true, met: true, remaining: null }))).toBe(
      'membership active',
    );
  });

  it('never guesses an unknown age or rate', () => {
    const age = check({ type: 'min_age', required: 16, actual: null, remaining: null });
    expect(checkPhrase(age)).toBe('age 16 or older (birth date not on file)');
    expect(checkRemaining(age)).toBe('Ask the school to record your date of birth.');
    expect(checkProgress(age)).toBeNull();
    expect(checkPhrase(check({ type: 'min_attendance_rate', required: 60, actual: null, remaining: null }))).toBe(
      'attendance rate not known yet (60% needed)',
    );
  });

  it('says what remains, singular and plural', () => {
    expect(checkRemaining(classes)).toBe('6 more classes to attend.');
    expect(checkRemaining(check({ type: 'min_days', required: 60, actual: 59, remaining: 1 }))).toBe('1 more day at this belt.');
    expect(checkRemaining(kata, KATA)).toBe('2 more kata to pass.');
    expect(checkRemaining({ ...classes, met: true, actual: 30, remaining: 0 })).toBe('Done.');
  });

  it('gives a progress bar only to counted checks, capped at the requirement', () => {
    expect(checkProgress(classes)).toEqual({ value: 18, max: 24, percent: 75 });
    expect(checkProgress({ ...classes, actual: 30, met: true, remaining: 0 })).toEqual({ value: 24, max: 24, percent: 100 });
    expect(checkProgress(check({ type: 'instructor_approval', required: true, actual: true }))).toBeNull();
    expect(checkProgress(check({ type: 'max_age', required: 13, actual: 10, met: true, remaining: null }))).toBeNull();
  });

  it('names kata, kumite and kihon, and says technique otherwise', () => {
    expect(techniqueNoun([{ category: 'kumite' }], 3)).toBe('kumite');
    expect(techniqueNoun([{ category: 'theory' }], 1)).toBe('technique');
    expect(techniqueNoun([], 2)).toBe('techniques');
  });
});

describe('readiness', () => {
  it('counts gates only: an unmet advisory does not hold a student back', () => {
    const advisory = check({ type: 'min_attendance_rate', mode: 'advisory', required: 60, actual: 40, remaining: 20 });
    expect(readinessText(false, [classes, { ...days, met: true }, advisory], 'Green belt')).toBe('1 of 2 requirements met for Green belt.');
    expect(readinessText(true, [{ ...classes, met: true }, advisory], 'Green belt')).toBe('Ready to grade for Green belt.');
    expect(readinessText(false, [classes, days])).toBe('0 of 2 requirements met.');
  });
});
