import { useState } from 'react';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { amount } from '#web/lib/enrollment-panel-format.ts';
import { CalendarDay } from '#web/components/school-zone.tsx';
import type { EligibilityView } from '#core/progression/views.ts';
import { payGradingFee, registerForGrading } from './progress-api.ts';

const GRADING_WORDS: Record<string, string> = {
  open: 'Registration open',
  locked: 'Roster closed',
  scoring: 'Being scored',
  approved: 'Results approved',
  finalized: 'Results final',
};

const CANDIDATE_WORDS: Record<string, string> = {
  invited: 'You are invited: register to take part.',
  registered: 'You are registered. The test fee is still to pay.',
  paid: 'You are registered and the test fee is paid.',
  waived: 'You are registered; the school waived the test fee.',
  present: 'You took part in the grading.',
  absent: 'You were marked absent.',
  passed: 'You passed. Congratulations!',
  failed: 'Not this time: ask your instructor what to work on.',
  deferred: 'Your result is deferred to a later grading.',
};

type Props = {
  eligibility: EligibilityView;
  /** What to tell the screen after a move that stays on the page (a fee of 0). */
  onDone: (message: string) => void;
};

/** The coming grading of this program: when, its state, and the student's own step (Register, Pay the fee, or where they stand). */
export function NextGrading({ eligibility, onDone }: Props) {
  const g = eligibility.nextGrading;
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  if (!g) return <p className="muted">No grading is planned for your next belt yet. The school announces it here and by notification.</p>;
  const fee = Number(eligibility.nextRank?.testFee ?? 0);
  const feeText = fee > 0 ? amount(fee) : 'no fee';
  const description = `Grading fee: ${g.title}`;

  async function act(move: () => Promise<'left' | 'free'>, done: string) {
    setBusy(true);
    setAlert('');
    try {
      if ((await move()) === 'free') onDone(done);
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const open = g.status === 'open' && (!g.registrationClosesAt || Date.parse(g.registrationClosesAt) > Date.now());
  return (
    <div className="belt-grading">
      <p>
        <strong>{g.title}</strong> · <CalendarDay day={g.heldOn} /> · <span className="badge">{GRADING_WORDS[g.status] ?? g.status}</span>
      </p>
      {g.registrationClosesAt && g.status === 'open' && (
        <p className="muted">
          Register by <SchoolTime iso={g.registrationClosesAt} />
        </p>
      )}
      <p className="belt-grading-state" role="status">
        {g.candidateStatus
          ? (CANDIDATE_WORDS[g.candidateStatus] ?? g.candidateStatus)
          : 'Your instructor invites the members who are ready; once invited, you register here.'}
      </p>
      {g.candidateId && g.candidateStatus === 'invited' && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !open}
          onClick={() => void act(() => registerForGrading(g._id, description), 'You are registered for the grading.')}
        >
          {busy ? 'Registering…' : `Register (${feeText})`}
          <span className="visually-hidden"> for {g.title}</span>
        </button>
      )}
      {g.candidateId && g.candidateStatus === 'registered' && fee > 0 && (
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void act(() => payGradingFee(g._id, g.candidateId!, description), 'The test fee is paid.')}
        >
          {busy ? 'Opening the payment…' : `Pay the fee (${feeText})`}
          <span className="visually-hidden"> for {g.title}</span>
        </button>
      )}
      {g.candidateStatus === 'invited' && !open && <p className="muted">Registration for this grading is closed.</p>}
      {alert && (
        <p className="form-error" role="alert">
          {alert}
        </p>
      )}
    </div>
  );
}
