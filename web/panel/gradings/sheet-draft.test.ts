import { describe, expect, it } from 'vitest';
import {
  completeness,
  draftErrors,
  draftOf,
  errorsByTechnique,
  isDirty,
  isScorable,
  parseScore,
  savedFrom,
  scoresBody,
  type SheetCandidate,
  type SheetTechnique,
} from './sheet-draft.ts';

const t = (id: string, maxScore = 10, passScore = 6): SheetTechnique => ({
  _id: id,
  title: id,
  maxScore,
  passScore,
  weight: 1,
  mandatory: false,
});
const TECHS = [t('kihon'), t('kata', 20, 12), t('kumite')];
const candidate = (over: Partial<SheetCandidate> = {}): SheetCandidate => ({
  candidateId: 'c1',
  name: 'Leo',
  targetRankId: 'r1',
  status: 'present',
  scores: {},
  comment: null,
  lockedAt: null,
  ...over,
});

describe('the score sheet draft', () => {
  it('reads a whole score from 0 to the maximum; blank is none; anything else is refused', () => {
    expect(parseScore('', 10)).toBeNull();
    expect(parseScore(' 7 ', 10)).toBe(7);
    expect(parseScore('0', 10)).toBe(0);
    expect(parseScore('10', 10)).toBe(10);
    expect(parseScore('11', 10)).toBeNaN();
    expect(parseScore('-1', 10)).toBeNaN();
    expect(parseScore('6.5', 10)).toBeNaN();
    expect(parseScore('abc', 10)).toBeNaN();
  });

  it("names a bad score in the API's words and leaves a blank alone", () => {
    const draft = { scores: { kihon: '12', kata: '15', kumite: '' }, comment: '' };
    expect(draftErrors(draft, TECHS)).toEqual({ kihon: 'score must be between 0 and 10' });
  });

  it('counts the techniques scored and is complete only when every one has a valid score', () => {
    expect(completeness({ scores: { kihon: '5', kata: '25' }, comment: '' }, TECHS)).toEqual({ scored: 1, total: 3, complete: false });
    expect(completeness({ scores: { kihon: '5', kata: '20', kumite: '0' }, comment: '' }, TECHS)).toEqual({
      scored: 3,
      total: 3,
      complete: true,
    });
    expect(completeness({ scores: {}, comment: '' }, [])).toEqual({ scored: 0, total: 0, complete: false });
  });

  it('is dirty when a score or the comment differs from what the server holds', () => {
    const saved = candidate({ scores: { kihon: 7 }, comment: 'Good stances' });
    expect(isDirty(draftOf(saved), saved, TECHS)).toBe(false);
    expect(isDirty({ ...draftOf(saved), comment: 'Good stances ' }, saved, TECHS)).toBe(false);
    expect(isDirty({ scores: { kihon: '8' }, comment: 'Good stances' }, saved, TECHS)).toBe(true);
    expect(isDirty({ scores: { kihon: '7', kata: 'x' }, comment: 'Good stances' }, saved, TECHS)).toBe(true);
    expect(isDirty({ scores: { kihon: '7' }, comment: '' }, saved, TECHS)).toBe(true);
  });

  it('sends the typed scores in the techniques order, and the comment or null', () => {
    const body = scoresBody('c1', { scores: { kumite: '4', kihon: '9', kata: '' }, comment: '  ' }, TECHS);
    expect(body).toEqual({
      candidateId: 'c1',
      scores: [
        { techniqueId: 'kihon', score: 9 },
        { techniqueId: 'kumite', score: 4 },
      ],
      comment: null,
    });
    expect(savedFrom(candidate({ scores: { kata: 11 } }), body).scores).toEqual({ kata: 11, kihon: 9, kumite: 4 });
  });

  it("puts the server's field errors back on the technique they name", () => {
    const body = scoresBody('c1', { scores: { kihon: '9', kumite: '4' }, comment: 'x' }, TECHS);
    const errors = errorsByTechnique(
      [
        { path: 'scores.1.score', message: 'score must be between 0 and 10' },
        { path: 'comment', message: 'comment is too long' },
        { path: 'scores.9.score', message: 'ignored' },
      ],
      body,
    );
    expect(errors).toEqual({ kumite: 'score must be between 0 and 10', comment: 'comment is too long' });
  });

  it('puts only present (and already decided) candidates on the sheet', () => {
    expect(isScorable(candidate())).toBe(true);
    expect(isScorable(candidate({ status: 'passed' }))).toBe(true);
    expect(isScorable(candidate({ status: 'absent' }))).toBe(false);
    expect(isScorable(candidate({ status: 'paid' }))).toBe(false);
  });
});
