import { gradingMoves, type GradingState } from '#core/gradings/grading-states.ts';

/** A button that moves a grading: the API's path segment, its words, and whether it asks for a reason. */
export type GradingMove = { to: GradingState; path: string; label: string; busy: string; reason?: boolean; danger?: boolean };

const STEP: Partial<Record<`${GradingState}>${GradingState}`, Omit<GradingMove, 'to'>>> = {
  'draft>open': { path: 'open', label: 'Open registration', busy: 'Opening…' },
  'open>locked': { path: 'lock', label: 'Lock the roster', busy: 'Locking…' },
  'locked>open': { path: 'reopen', label: 'Reopen registration', busy: 'Reopening…' },
  'locked>scoring': { path: 'start-scoring', label: 'Start scoring', busy: 'Starting…' },
  'scoring>approved': { path: 'approve', label: 'Approve results', busy: 'Approving…' },
  'approved>finalized': { path: 'finalize', label: 'Finalize: award ranks and certificates', busy: 'Finalizing…' },
  'approved>scoring': { path: 'reopen-scoring', label: 'Reopen scoring', busy: 'Reopening…' },
};
const CANCEL = { path: 'cancel', label: 'Cancel grading', busy: 'Cancelling…', reason: true, danger: true };

/** The moves a grading in `status` offers, forward ones first and Cancel last (core's table says which exist). */
export function movesOf(status: GradingState): GradingMove[] {
  return gradingMoves(status).map((to) => ({ to, ...(to === 'cancelled' ? CANCEL : STEP[`${status}>${to}`]!) }));
}

export const GRADING_STATE_LABELS: Record<GradingState, string> = {
  draft: 'Draft',
  open: 'Open',
  locked: 'Roster locked',
  scoring: 'Scoring',
  approved: 'Approved',
  finalized: 'Finalized',
  cancelled: 'Cancelled',
};

/** Details (title, date, targets, ages, close, rule) and examiners change only before the roster locks. */
export const editable = (status: GradingState) => status === 'draft' || status === 'open';

/** What the school may do with one candidate: waive an unpaid fee, mark attendance on the day, take back an invitation. */
export function candidateActions(c: { status: string; paymentStatus: string }, grading: GradingState) {
  return {
    waive: ['invited', 'registered'].includes(c.status) && !['paid', 'waived'].includes(c.paymentStatus),
    attendance: ['paid', 'waived', 'present', 'absent'].includes(c.status) && (grading === 'locked' || grading === 'scoring'),
    remove: ['invited', 'registered'].includes(c.status) && editable(grading),
  };
}
