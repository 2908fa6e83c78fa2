import { ageOnDay } from './eligibility.ts';

/** What a rank says of the move to another program's ladder at an age (issue 25 §1's age-upgrade target). */
export type AgeUpgrade = { ageUpgradeRankId: string | null; ageUpgradeAtYears: number | null };

/**
 * Whether a candidate who passes for `target` on `heldOn` ('YYYY-MM-DD') is awarded its age-upgrade rank
 * instead: the rank names one and they are that old on the grading's day. The kids' ladder hands a child to
 * the adults' at their next grading, as BoxMate's "Upgrade Age" does (research/rank-progression.md §8). An
 * unknown birth date never moves anyone.
 */
export function movesUp(target: AgeUpgrade, birthIso: string | null | undefined, heldOn: string): boolean {
  if (!target.ageUpgradeRankId || target.ageUpgradeAtYears === null) return false;
  if (!birthIso || !/^\d{4}-\d{2}-\d{2}$/.test(birthIso)) return false;
  return ageOnDay(birthIso, heldOn) >= target.ageUpgradeAtYears;
}
