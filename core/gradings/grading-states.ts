/**
 * A grading's life (issue 25 §5): draft → open → locked → scoring → approved → finalized, cancellable any
 * time before it is finalized; and each candidate's. Every move is one conditional UPDATE on the server
 * (`where status = <from>`); these tables say which moves exist.
 */
export const GRADING_STATES = ['draft', 'open', 'locked', 'scoring', 'approved', 'finalized', 'cancelled'] as const;
export type GradingState = (typeof GRADING_STATES)[number];

const GRADING_MOVES: Record<GradingState, readonly GradingState[]> = {
  draft: ['open', 'cancelled'],
  open: ['locked', 'cancelled'],
  locked: ['scoring', 'open', 'cancelled'],
  scoring: ['approved', 'cancelled'],
  approved: ['finalized', 'scoring', 'cancelled'],
  finalized: [],
  cancelled: [],
};

export const gradingMoves = (from: GradingState): readonly GradingState[] => GRADING_MOVES[from];
export const canMoveGrading = (from: GradingState, to: GradingState) => GRADING_MOVES[from].includes(to);
/** Scores may be written while scoring only: after approval any write answers 409. */
export const acceptsScores = (state: GradingState) => state === 'scoring';

export const CANDIDATE_STATES = ['invited', 'registered', 'paid', 'waived', 'present', 'absent', 'passed', 'failed', 'deferred'] as const;
export type CandidateState = (typeof CANDIDATE_STATES)[number];

const CANDIDATE_MOVES: Record<CandidateState, readonly CandidateState[]> = {
  invited: ['registered', 'waived'],
  registered: ['paid', 'waived'],
  paid: ['present', 'absent'],
  waived: ['present', 'absent'],
  present: ['passed', 'failed', 'deferred'],
  absent: ['deferred'],
  passed: [],
  failed: [],
  deferred: [],
};

export const canMoveCandidate = (from: CandidateState, to: CandidateState) => CANDIDATE_MOVES[from].includes(to);
