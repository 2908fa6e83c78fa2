import { describe, expect, it } from 'vitest';
import type { RankView } from './programs-api.ts';
import { examinerOptions, rankLinks, upgradeGroups } from './rank-links.ts';

const rank = (id: string, name: string, more: Partial<RankView> = {}) =>
  ({ _id: id, name, examinerMinRankId: null, ageUpgradeRankId: null, ageUpgradeAtYears: null, ...more }) as RankView;

const white = rank('k-white', 'White belt');
const brown = rank('k-brown', 'Brown belt');
const karate = { name: 'Karate', ranks: [white, rank('k-yellow', 'Yellow belt'), brown] };
const empty = { name: 'Iaido', ranks: [] };

describe('a rank’s examiner minimum and age upgrade', () => {
  it('offers this program’s ranks as the examiner minimum, lowest first', () => {
    expect(examinerOptions(karate.ranks)).toEqual([
      { value: 'k-white', label: 'White belt' },
      { value: 'k-yellow', label: 'Yellow belt' },
      { value: 'k-brown', label: 'Brown belt' },
    ]);
  });

  it('groups the other programs’ ranks by program, leaving out a program with no ranks', () => {
    expect(upgradeGroups([empty, karate])).toEqual([{ label: 'Karate', options: examinerOptions(karate.ranks) }]);
  });

  it('says each fact that is set, naming the ranks', () => {
    const kid = rank('d-yellow', 'Yellow (Little Dragons)', {
      examinerMinRankId: 'd-blue',
      ageUpgradeRankId: 'k-yellow',
      ageUpgradeAtYears: 13,
    });
    const ladder = [kid, rank('d-blue', 'Blue (Little Dragons)')];
    expect(rankLinks(kid, ladder, [empty, karate])).toEqual([
      'Examiners: Blue (Little Dragons) or above',
      'Moves to Karate · Yellow belt at 13',
    ]);
    expect(rankLinks(rank('k-black', '1st Dan', { examinerMinRankId: 'k-brown' }), karate.ranks, [])).toEqual([
      'Examiners: Brown belt or above',
    ]);
  });

  it('says nothing of a rank with neither, nor of half an age pair', () => {
    expect(rankLinks(white, karate.ranks, [])).toEqual([]);
    expect(rankLinks(rank('x', 'X', { ageUpgradeRankId: 'k-yellow' }), [], [karate])).toEqual([]);
  });

  it('still says the age when the target’s ladder is not loaded', () => {
    expect(rankLinks(rank('x', 'X', { ageUpgradeRankId: 'k-yellow', ageUpgradeAtYears: 12 }), [], [])).toEqual([
      'Moves to another program at 12',
    ]);
  });
});
