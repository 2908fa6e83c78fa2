import { describe, expect, it } from 'vitest';
import { candidateActions, movesOf } from './grading-moves.ts';

describe('a grading’s move buttons', () => {
  it('offers each forward move with the API path, and Cancel (with a reason) last', () => {
    expect(movesOf('locked').map((m) => m.path)).toEqual(['start-scoring', 'reopen', 'cancel']);
    expect(movesOf('approved').map((m) => m.path)).toEqual(['finalize', 'reopen-scoring', 'cancel']);
    expect(movesOf('open').at(-1)).toMatchObject({ reason: true, danger: true });
  });
  it('offers nothing once finalized or cancelled', () => {
    expect(movesOf('finalized')).toEqual([]);
    expect(movesOf('cancelled')).toEqual([]);
  });
});

describe('a candidate’s actions', () => {
  it('waives only an unpaid fee before the day', () => {
    expect(candidateActions({ status: 'registered', paymentStatus: 'pending' }, 'open').waive).toBe(true);
    expect(candidateActions({ status: 'paid', paymentStatus: 'paid' }, 'open').waive).toBe(false);
    expect(candidateActions({ status: 'registered', paymentStatus: 'waived' }, 'open').waive).toBe(false);
  });
  it('marks attendance of a paid or waived candidate once the roster is locked', () => {
    expect(candidateActions({ status: 'paid', paymentStatus: 'paid' }, 'locked').attendance).toBe(true);
    expect(candidateActions({ status: 'paid', paymentStatus: 'paid' }, 'open').attendance).toBe(false);
    expect(candidateActions({ status: 'registered', paymentStatus: 'pending' }, 'scoring').attendance).toBe(false);
  });
  it('takes back an invitation only while the grading is editable', () => {
    expect(candidateActions({ status: 'invited', paymentStatus: 'none' }, 'open').remove).toBe(true);
    expect(candidateActions({ status: 'invited', paymentStatus: 'none' }, 'locked').remove).toBe(false);
  });
});
