import { describe, expect, it } from 'vitest';
import { acceptsScores, canMoveCandidate, canMoveGrading, GRADING_STATES, gradingMoves } from './grading-states.ts';
import { judgeCandidate, judgeSheet, type Technique } from './results.ts';

describe('a grading’s states', () => {
  it('runs draft → open → locked → scoring → approved → finalized, and nothing leaves finalized or cancelled', () => {
    const path = ['draft', 'open', 'locked', 'scoring', 'approved', 'finalized'] as const;
    for (let i = 1; i < path.length; i++) expect(canMoveGrading(path[i - 1]!, path[i]!)).toBe(true);
    expect(canMoveGrading('draft', 'scoring')).toBe(false);
    expect(canMoveGrading('open', 'finalized')).toBe(false);
    expect(gradingMoves('finalized')).toEqual([]);
    expect(gradingMoves('cancelled')).toEqual([]);
  });

  it('can be cancelled from every state before it is finalized', () => {
    expect(GRADING_STATES.filter((s) => canMoveGrading(s, 'cancelled'))).toEqual(['draft', 'open', 'locked', 'scoring', 'approved']);
  });

  it('takes scores only while scoring', () => {
    expect(GRADING_STATES.filter(acceptsScores)).toEqual(['scoring']);
  });

  it('moves a candidate from invitation to a result only through payment or a waiver and being there', () => {
    expect(canMoveCandidate('invited', 'registered')).toBe(true);
    expect(canMoveCandidate('registered', 'present')).toBe(false);
    expect(canMoveCandidate('paid', 'present')).toBe(true);
    expect(canMoveCandidate('waived', 'present')).toBe(true);
    expect(canMoveCandidate('present', 'passed')).toBe(true);
    expect(canMoveCandidate('absent', 'passed')).toBe(false);
    expect(canMoveCandidate('passed', 'failed')).toBe(false);
  });
});

const T: Technique[] = [
  { id: 'kata', maxScore: 10, passScore: 6, weight: 2, mandatory: true },
  { id: 'kihon', maxScore: 10, passScore: 5, weight: 1, mandatory: false },
  { id: 'kumite', maxScore: 10, passScore: 5, weight: 1, mandatory: false },
];

describe('judging sheets', () => {
  it('passes a sheet whose mandatory techniques reach their pass score and whose weighted total reaches the mark', () => {
    expect(judgeSheet(T, { examinerId: 'a', scores: { kata: 7, kihon: 5, kumite: 4 } })).toEqual({
      examinerId: 'a',
      complete: true,
      failedMandatory: [],
      percent: 57.5,
      passed: true,
    });
  });

  it('fails a sheet under a mandatory pass score, however high the rest', () => {
    expect(judgeSheet(T, { examinerId: 'a', scores: { kata: 5, kihon: 10, kumite: 10 } })).toMatchObject({
      passed: false,
      failedMandatory: ['kata'],
    });
  });

  it('fails a sheet under the weighted mark though every mandatory one passes', () => {
    // 2·0.6 + 0.1 + 0.1 = 1.4 < the mark 2·0.6 + 0.5 + 0.5 = 2.2
    expect(judgeSheet(T, { examinerId: 'a', scores: { kata: 6, kihon: 1, kumite: 1 } })).toMatchObject({
      passed: false,
      failedMandatory: [],
    });
  });

  it('never passes an incomplete sheet', () => {
    expect(judgeSheet(T, { examinerId: 'a', scores: { kata: 10, kihon: 10 } })).toMatchObject({ complete: false, passed: false });
  });
});

describe('judging a candidate by the grading’s rule', () => {
  const pass = { kata: 8, kihon: 7, kumite: 7 };
  const fail = { kata: 4, kihon: 7, kumite: 7 };
  const sheets = [
    { examinerId: 'head', scores: pass },
    { examinerId: 'p1', scores: pass },
    { examinerId: 'p2', scores: fail },
  ];

  it('passes by majority with two of three, fails with all required', () => {
    expect(judgeCandidate(T, sheets, ['head', 'p1', 'p2'], 'majority').outcome).toBe('passed');
    expect(judgeCandidate(T, sheets, ['head', 'p1', 'p2'], 'all').outcome).toBe('failed');
  });

  it('fails a tie: a majority means more than half', () => {
    expect(judgeCandidate(T, sheets.slice(1), ['p1', 'p2'], 'majority').outcome).toBe('failed');
  });

  it('stays pending until every examiner’s sheet is complete, showing each sheet', () => {
    const result = judgeCandidate(T, sheets.slice(0, 2), ['head', 'p1', 'p2'], 'majority');
    expect(result.outcome).toBe('pending');
    expect(result.verdicts.map((v) => [v.examinerId, v.complete])).toEqual([
      ['head', true],
      ['p1', true],
      ['p2', false],
    ]);
    expect(judgeCandidate(T, sheets, [], 'majority').outcome).toBe('pending');
  });
});
