import { useState } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { NoteDialog } from '#web/panel/admin/enrollments/enrollment-parts.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import type { Report } from './grading-detail.tsx';
import { GRADING_STATE_LABELS, movesOf, type GradingMove } from './grading-moves.ts';
import { moveGrading, type Grading } from './gradings-api.ts';

type Finalized = { awarded?: number; certificates?: unknown[] };

/** What a move did, in words: "Grading updated: Roster locked", "Grading finalized: 3 ranks awarded, 3 certificates issued". */
function movedWords(m: GradingMove, message: string | undefined, data: unknown): string {
  const f = (data ?? {}) as Finalized;
  if (m.to === 'finalized' && typeof f.awarded === 'number') {
    const certs = f.certificates?.length ?? 0;
    return `${message ?? 'Grading finalized'}: ${f.awarded} ${f.awarded === 1 ? 'rank' : 'ranks'} awarded, ${certs} ${certs === 1 ? 'certificate' : 'certificates'} issued`;
  }
  return `${message ?? 'Grading updated'}: ${GRADING_STATE_LABELS[m.to]}`;
}

/**
 * The moves the grading's state allows. Finalize asks first (it writes ranks and certificates), Cancel asks
 * for a reason; a refusal (409: an examiner has not confirmed, a passed candidate has not paid…) is shown in
 * the server's words above, and the grading is read again.
 */
export function GradingMoves({ grading, report }: { grading: Grading; report: Report }) {
  const [busy, setBusy] = useState('');
  const [asking, setAsking] = useState<GradingMove | null>(null);
  const moves = movesOf(grading.status);
  if (!moves.length) return null;

  async function run(m: GradingMove, reason?: string) {
    setBusy(m.path);
    try {
      const answer = await moveGrading(grading._id, m.path, reason === undefined ? undefined : { reason });
      report({ notice: movedWords(m, answer.message, answer.data) });
    } catch (err) {
      report({ alert: errorMessage(err) });
    } finally {
      setBusy('');
      setAsking(null);
    }
  }

  return (
    <div className="btn-row grading-moves" role="group" aria-label="Move this grading">
      {moves.map((m) => (
        <button
          key={m.path}
          type="button"
          className={`btn ${m.danger ? 'btn-danger' : m.to === 'finalized' || m.to === 'approved' ? 'btn-primary' : 'btn-secondary'}`}
          disabled={!!busy}
          onClick={() => (m.reason || m.to === 'finalized' ? setAsking(m) : void run(m))}
        >
          {busy === m.path ? m.busy : m.label}
        </button>
      ))}
      {asking?.reason && (
        <NoteDialog
          title={`Cancel ${grading.title}?`}
          label="Reason"
          required
          confirmLabel="Cancel grading"
          busyLabel={asking.busy}
          onConfirm={(reason) => run(asking, reason.trim())}
          onClose={() => setAsking(null)}
        >
          <p>Every candidate is told, with your reason. A cancelled grading cannot be opened again.</p>
        </NoteDialog>
      )}
      {asking?.to === 'finalized' && (
        <ConfirmDialog
          title={`Finalize ${grading.title}?`}
          confirmLabel="Finalize"
          busyLabel={asking.busy}
          danger={false}
          onConfirm={() => run(asking)}
          onClose={() => setAsking(null)}
        >
          <p>
            Each passed candidate gets their new rank (dated the day of the grading) and a certificate, and every candidate is told the
            result. This cannot be undone: a wrong award is voided on the Promotions screen.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
