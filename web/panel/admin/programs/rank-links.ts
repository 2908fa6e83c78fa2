import type { Option } from '#web/components/form-kit.tsx';
import type { ProgramWithLadder, RankView } from './programs-api.ts';

/** A select's options under one heading (an <optgroup>). */
export type OptionGroup = { label: string; options: Option[] };

type Ladder = Pick<ProgramWithLadder, 'name' | 'ranks'>;

/** The ranks an examiner may be required to hold: this program's, lowest first. */
export const examinerOptions = (ranks: RankView[]): Option[] => ranks.map((r) => ({ value: r._id, label: r.name }));

/** The ranks a child can move to at an age: every other program's, grouped by program; empty ladders left out. */
export const upgradeGroups = (others: Ladder[]): OptionGroup[] =>
  others.filter((p) => p.ranks.length).map((p) => ({ label: p.name, options: examinerOptions(p.ranks) }));

/** What the ladder says of a rank's examiner minimum and age upgrade, e.g. "Moves to Karate · Yellow belt at 13". */
export function rankLinks(rank: RankView, ranks: RankView[], others: Ladder[]): string[] {
  const out: string[] = [];
  if (rank.examinerMinRankId) {
    const min = ranks.find((r) => r._id === rank.examinerMinRankId);
    out.push(`Examiners: ${min?.name ?? 'a rank no longer in this ladder'} or above`);
  }
  if (rank.ageUpgradeRankId && rank.ageUpgradeAtYears) {
    const to = others.find((p) => p.ranks.some((r) => r._id === rank.ageUpgradeRankId));
    const target = to?.ranks.find((r) => r._id === rank.ageUpgradeRankId);
    out.push(`Moves to ${to && target ? `${to.name} · ${target.name}` : 'another program'} at ${rank.ageUpgradeAtYears}`);
  }
  return out;
}
