import { ageOn } from '#core/progression/eligibility.ts';

/**
 * When a child managed by a guardian may take over their own account (issue 26 §1): on the school's calendar
 * day they reach the age of majority (18 unless the school's settings say otherwise). Pure.
 */
export const DEFAULT_AGE_OF_MAJORITY = 18;

export const isOfAge = (birthIso: string, nowMs: number, zone: string, ageOfMajority = DEFAULT_AGE_OF_MAJORITY) =>
  ageOn(birthIso, nowMs, zone) >= ageOfMajority;

/** The calendar day ('YYYY-MM-DD') a child comes of age; 29 February birthdays come of age on 1 March. */
export function comesOfAgeOn(birthIso: string, ageOfMajority = DEFAULT_AGE_OF_MAJORITY): string {
  const [y, m, d] = birthIso.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y + ageOfMajority, m - 1, d));
  // Date.UTC rolls 29 Feb of a common year over to 1 Mar, which is the rule ageOn uses too.
  return day.toISOString().slice(0, 10);
}
