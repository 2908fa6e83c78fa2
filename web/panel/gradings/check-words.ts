import type { RequirementCheck } from '#core/progression/eligibility.ts';

const num = (v: number | boolean | null) => (typeof v === 'number' ? v : 0);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** One requirement in words, what is done against what is asked: "18 of 24 classes", "approved by an instructor". */
export function checkWords(c: RequirementCheck): string {
  const required = num(c.required);
  const actual = num(c.actual);
  switch (c.type) {
    case 'min_days':
      return `${actual} of ${required} ${plural(required, 'day', 'days')}`;
    case 'min_classes':
      return `${actual} of ${required} ${plural(required, 'class', 'classes')}`;
    case 'min_attendance_rate':
      return c.actual === null ? `attendance not known yet (${required}% asked)` : `${actual}% of ${required}% attendance`;
    case 'min_stripes':
      return `${actual} of ${required} ${plural(required, 'stripe', 'stripes')}`;
    case 'techniques_passed':
      return `${actual} of ${required} ${plural(required, 'technique', 'techniques')} passed`;
    case 'min_age':
      return c.actual === null ? `age not known (at least ${required})` : `aged ${actual} (at least ${required})`;
    case 'max_age':
      return c.actual === null ? `age not known (at most ${required})` : `aged ${actual} (at most ${required})`;
    case 'instructor_approval':
      return c.met ? 'approved by an instructor' : 'not yet approved by an instructor';
    case 'active_membership':
      return c.met ? 'membership active' : 'no active membership';
  }
}

/** The checklist on one line, gates first: "18 of 24 classes · 41 of 60 days · 5 of 7 techniques passed". */
export function checklistLine(checks: readonly RequirementCheck[]): string {
  return gatesFirst(checks).map(checkPhrase).join(' · ');
}

/** The gates in their order, then the advisories. */
export const gatesFirst = (checks: readonly RequirementCheck[]) => [
  ...checks.filter((c) => c.mode === 'gate'),
  ...checks.filter((c) => c.mode !== 'gate'),
];

/** A check's words, an advisory marked as such. */
export const checkPhrase = (c: RequirementCheck) => (c.mode === 'gate' ? checkWords(c) : `${checkWords(c)} (advisory)`);

/** How far along a check is, 0..1, for its bar; yes/no checks are all or nothing. */
export function checkProgress(c: RequirementCheck): number {
  if (c.met) return 1;
  if (typeof c.required !== 'number' || typeof c.actual !== 'number' || c.required <= 0 || c.type === 'max_age') return 0;
  return Math.max(0, Math.min(1, c.actual / c.required));
}
