import type { RequirementCheck } from '#core/progression/eligibility.ts';
import { categoryLabel } from '#core/syllabus/grade-labels.ts';

/**
 * The words of a student's way to the next belt, from the eligibility checks (API-25 "Eligibility"): one
 * short phrase per check for the line "18 of 24 classes · 41 of 60 days · 5 of 7 kata passed", a sentence
 * saying what remains, and the figures of its progress bar. Pure, so the screen and the home card agree.
 */

export type CheckTechnique = { category: string };

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);
const num = (v: number | boolean | null) => (typeof v === 'number' ? v : 0);

/** "kata" when every technique of the next rank is a kata, else "techniques". */
export function techniqueNoun(techniques: readonly CheckTechnique[], count: number): string {
  const categories = new Set(techniques.map((t) => t.category));
  if (categories.size === 1) {
    const only = [...categories][0]!;
    if (only === 'kata' || only === 'kumite' || only === 'kihon') return categoryLabel(only).toLowerCase();
  }
  return plural(count, 'technique');
}

/** The short phrase of one check: "18 of 24 classes", "72% attendance (60% needed)", "instructor's approval". */
export function checkPhrase(c: RequirementCheck, techniques: readonly CheckTechnique[] = []): string {
  const required = num(c.required);
  const actual = num(c.actual);
  switch (c.type) {
    case 'min_classes':
      return `${actual} of ${required} ${plural(required, 'class', 'classes')}`;
    case 'min_days':
      return `${actual} of ${required} ${plural(required, 'day')}`;
    case 'min_stripes':
      return `${actual} of ${required} ${plural(required, 'stripe')}`;
    case 'techniques_passed':
      return `${actual} of ${required} ${techniqueNoun(techniques, required)} passed`;
    case 'min_attendance_rate':
      return c.actual === null ? `attendance rate not known yet (${required}% needed)` : `${actual}% attendance (${required}% needed)`;
    case 'min_age':
      return c.actual === null ? `age ${required} or older (birth date not on file)` : `age ${actual} (${required} or older)`;
    case 'max_age':
      return c.actual === null ? `age up to ${required} (birth date not on file)` : `age ${actual} (up to ${required})`;
    case 'instructor_approval':
      return c.met ? 'instructor’s approval given' : 'instructor’s approval not given yet';
    case 'active_membership':
      return c.met ? 'membership active' : 'no active membership';
  }
}

/** What is left to do for one check, as a sentence; met checks say so. */
export function checkRemaining(c: RequirementCheck, techniques: readonly CheckTechnique[] = []): string {
  if (c.met) return c.type === 'max_age' ? 'Within the age limit.' : 'Done.';
  const left = c.remaining ?? 0;
  switch (c.type) {
    case 'min_classes':
      return `${left} more ${plural(left, 'class', 'classes')} to attend.`;
    case 'min_days':
      return `${left} more ${plural(left, 'day')} at this belt.`;
    case 'min_stripes':
      return `${left} more ${plural(left, 'stripe')} to earn.`;
    case 'techniques_passed':
      return `${left} more ${techniqueNoun(techniques, left)} to pass.`;
    case 'min_attendance_rate':
      return c.actual === null
        ? 'Book and attend classes so your attendance rate can be counted.'
        : `Raise your attendance by ${left} ${plural(left, 'point')}.`;
    case 'min_age':
      return c.actual === null ? 'Ask the school to record your date of birth.' : `${left} more ${plural(left, 'year')} to wait.`;
    case 'max_age':
      return c.actual === null ? 'Ask the school to record your date of birth.' : 'Past the age limit of this belt: ask your instructor.';
    case 'instructor_approval':
      return 'Your instructor approves you when you are ready.';
    case 'active_membership':
      return 'Renew or choose a membership.';
  }
}

/** A progress bar's figures for a counted check (null for yes/no checks and unknown facts). */
export function checkProgress(c: RequirementCheck): { value: number; max: number; percent: number } | null {
  if (typeof c.required !== 'number' || typeof c.actual !== 'number' || c.type === 'max_age') return null;
  const max = Math.max(1, c.required);
  const value = Math.min(c.actual, max);
  return { value, max, percent: Math.round((100 * value) / max) };
}

/** One check's phrase, marked when it is advisory: "72% attendance (60% needed) (advisory)". */
export const checkLabel = (c: RequirementCheck, techniques: readonly CheckTechnique[] = []) =>
  `${checkPhrase(c, techniques)}${c.mode === 'advisory' ? ' (advisory)' : ''}`;

/** The checklist in one line: every check's phrase, advisory ones marked, joined with " · ". */
export function checklistLine(checks: readonly RequirementCheck[], techniques: readonly CheckTechnique[] = []): string {
  return checks.map((c) => checkLabel(c, techniques)).join(' · ');
}

const COUNTED: readonly RequirementCheck['type'][] = ['min_classes', 'min_days', 'techniques_passed', 'min_stripes'];

/** The counted gates only, as the home card shows them: "18 of 24 classes · 41 of 60 days · 5 of 7 kata passed". */
export function shortChecklistLine(checks: readonly RequirementCheck[], techniques: readonly CheckTechnique[] = []): string {
  return checks
    .filter((c) => c.mode === 'gate' && COUNTED.includes(c.type))
    .map((c) => checkPhrase(c, techniques))
    .join(' · ');
}

/** "Ready to grade for Green belt." / "4 of 6 requirements met for Green belt." (gates only; advisories never block); without a name, shorter. */
export function readinessText(eligible: boolean, checks: readonly RequirementCheck[], nextRankName?: string): string {
  const gates = checks.filter((c) => c.mode === 'gate');
  const forRank = nextRankName ? ` for ${nextRankName}` : '';
  if (eligible) return `Ready to grade${forRank}.`;
  const met = gates.filter((c) => c.met).length;
  return `${met} of ${gates.length} ${plural(gates.length, 'requirement')} met${forRank}.`;
}
