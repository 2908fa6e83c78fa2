import type { RequirementCheck } from '#core/progression/eligibility.ts';

const n = (v: number | boolean | null) => (typeof v === 'number' ? v : 0);
const of = (c: RequirementCheck, noun: string) => `${n(c.actual)} of ${n(c.required)} ${noun}`;

/** One requirement's progress in words: "18 of 24 classes", "age 15 (at least 16)", "not yet approved by an instructor". */
export function checkWords(c: RequirementCheck): string {
  const words = (() => {
    switch (c.type) {
      case 'min_days':
        return of(c, 'days at this rank');
      case 'min_classes':
        return of(c, 'classes');
      case 'min_stripes':
        return of(c, 'stripes');
      case 'techniques_passed':
        return of(c, 'techniques passed');
      case 'min_attendance_rate':
        return c.actual === null
          ? `no attendance rate yet (needs ${n(c.required)}%)`
          : `${n(c.actual)}% attendance (needs ${n(c.required)}%)`;
      case 'min_age':
        return c.actual === null ? `age unknown (needs at least ${n(c.required)})` : `age ${n(c.actual)} (at least ${n(c.required)})`;
      case 'max_age':
        return c.actual === null ? `age unknown (at most ${n(c.required)})` : `age ${n(c.actual)} (at most ${n(c.required)})`;
      case 'instructor_approval':
        return c.met ? 'approved by an instructor' : 'not yet approved by an instructor';
      case 'active_membership':
        return c.met ? 'active membership' : 'no active membership';
    }
  })();
  return c.mode === 'advisory' ? `${words} (advisory)` : words;
}

/** The unmet gates of a list of checks, in words, joined for a table cell. */
export const unmetWords = (checks: readonly RequirementCheck[]) =>
  checks
    .filter((c) => !c.met)
    .map(checkWords)
    .join(' · ');
