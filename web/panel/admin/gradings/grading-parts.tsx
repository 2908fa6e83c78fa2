import { GRADING_STATE_LABELS } from './grading-moves.ts';
import type { RequirementCheck } from '#core/progression/eligibility.ts';
import { checkLabel } from '#web/components/progress-words.ts';
import type { GradingState } from '#core/gradings/grading-states.ts';

export function GradingBadge({ status }: { status: GradingState }) {
  return <span className={`badge grading-${status}`}>{GRADING_STATE_LABELS[status] ?? status}</span>;
}

const WORDS: Record<string, string> = {
  invited: 'Invited',
  registered: 'Registered',
  paid: 'Paid',
  waived: 'Fee waived',
  present: 'Present',
  absent: 'Absent',
  passed: 'Passed',
  failed: 'Failed',
  deferred: 'Deferred',
  none: 'No fee',
  pending: 'Fee pending',
  refunded: 'Refunded',
};
export const candidateWord = (s: string) => WORDS[s] ?? s;

/** A candidate's state or fee as a badge (`candidate-<state>` in admin-progression.css). */
export function CandidateBadge({ state, fee = false }: { state: string; fee?: boolean }) {
  const word = fee && state === 'paid' ? 'Fee paid' : fee && state === 'waived' ? 'Fee waived' : candidateWord(state);
  return <span className={`badge candidate-${state}`}>{word}</span>;
}

/** The checks a member has not met yet, in the student screens' words. */
export function UnmetList({ checks }: { checks: readonly RequirementCheck[] }) {
  return (
    <ul className="unmet-list">
      {checks.map((c) => (
        <li key={c.type}>{checkLabel(c)}</li>
      ))}
    </ul>
  );
}
