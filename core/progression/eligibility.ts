import { calendarDay, localDate } from '#core/time-zone.ts';
import type { Requirement, RequirementMode, RequirementType } from './requirements.ts';

/**
 * Whether a person may grade for the next rank (issue 25 §3), from facts the server gathers in one batch.
 * Days and ages are counted in calendar days of the school's zone, so "60 days at this rank" turns over at
 * the school's midnight, not UTC's. Pure: no clock but `nowMs`, no I/O.
 */
export type EligibilityFacts = {
  /** When the current rank was awarded (a calendar date 'YYYY-MM-DD'); null = never graded, counted from `startedOn`. */
  rankAwardedOn: string | null;
  /** When they started training here ('YYYY-MM-DD'). */
  startedOn: string;
  /** Effective present/late attendance in the program's window, plus staff-granted credits. */
  classesAttended: number;
  /** Sessions they were expected at in the window (booked), for the attendance rate; 0 = no rate yet. */
  classesExpected: number;
  stripes: number;
  techniquesPassed: number;
  /** 'YYYY-MM-DD' or null when not known (an age requirement is then unmet, never guessed). */
  birthDate: string | null;
  instructorApproved: boolean;
  membershipActive: boolean;
};

export type RequirementCheck = {
  type: RequirementType;
  mode: RequirementMode;
  required: number | boolean;
  actual: number | boolean | null;
  met: boolean;
  /** How much is still missing (days, classes, points, …); 0 when met; null for yes/no and unknown facts. */
  remaining: number | null;
};

export type Eligibility = { eligible: boolean; checks: RequirementCheck[] };

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** Whole calendar days from `fromIso` to today in `zone`. */
export function daysSince(fromIso: string, nowMs: number, zone: string): number {
  const t = localDate(0, nowMs, zone);
  return Date.UTC(t.y, t.month - 1, t.day) / DAY_MS - dayNumber(fromIso);
}

/** Completed years of age on a calendar day 'YYYY-MM-DD' (a 29 February birthday counts on 1 March in other years). */
export function ageOnDay(birthIso: string, dayIso: string): number {
  const [y, m, d] = birthIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = dayIso.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > m || (tm === m && td >= d);
  return ty - y - (hadBirthday ? 0 : 1);
}

/** Completed years of age today in `zone`. */
export const ageOn = (birthIso: string, nowMs: number, zone: string): number => ageOnDay(birthIso, calendarDay(nowMs, zone));

const atLeast = (r: Requirement, actual: number | null): Omit<RequirementCheck, 'type' | 'mode'> => {
  const required = r.value ?? 0;
  if (actual === null) return { required, actual, met: false, remaining: null };
  return { required, actual, met: actual >= required, remaining: Math.max(0, required - actual) };
};

const yesNo = (actual: boolean): Omit<RequirementCheck, 'type' | 'mode'> => ({ required: true, actual, met: actual, remaining: null });

function check(r: Requirement, f: EligibilityFacts, nowMs: number, zone: string): RequirementCheck {
  const age = f.birthDate ? ageOn(f.birthDate, nowMs, zone) : null;
  const part = ((): Omit<RequirementCheck, 'type' | 'mode'> => {
    switch (r.type) {
      case 'min_days':
        return atLeast(r, Math.max(0, daysSince(f.rankAwardedOn ?? f.startedOn, nowMs, zone)));
      case 'min_classes':
        return atLeast(r, f.classesAttended);
      case 'min_attendance_rate':
        return atLeast(
          r,
          f.classesExpected > 0 ? Math.floor((100 * Math.min(f.classesAttended, f.classesExpected)) / f.classesExpected) : null,
        );
      case 'min_stripes':
        return atLeast(r, f.stripes);
      case 'techniques_passed':
        return atLeast(r, f.techniquesPassed);
      case 'min_age':
        return atLeast(r, age);
      case 'max_age':
        // Too old never becomes "less missing": nothing remains to do, it is met or it is not.
        return { required: r.value ?? 0, actual: age, met: age !== null && age <= (r.value ?? 0), remaining: null };
      case 'instructor_approval':
        return yesNo(f.instructorApproved);
      case 'active_membership':
        return yesNo(f.membershipActive);
    }
  })();
  return { type: r.type, mode: r.mode, ...part };
}

/** Every requirement checked in the order given; eligible when every gate is met (advisories never block). */
export function evaluateEligibility(
  requirements: readonly Requirement[],
  facts: EligibilityFacts,
  nowMs: number,
  zone: string,
): Eligibility {
  const checks = requirements.map((r) => check(r, facts, nowMs, zone));
  return { eligible: checks.every((c) => c.mode !== 'gate' || c.met), checks };
}
