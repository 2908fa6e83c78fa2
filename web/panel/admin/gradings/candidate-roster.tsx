import { useState } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { ActionsCell, DataTable, numberColumn, TableHead } from '#web/panel/resource/list-kit.tsx';
import type { Report } from './grading-detail.tsx';
import { candidateActions } from './grading-moves.ts';
import { CandidateBadge } from './grading-parts.tsx';
import { markAttendance, type Candidate, type Grading } from './gradings-api.ts';
import { BeltName } from '#web/components/belt.tsx';

type Props = { grading: Grading; candidates: Candidate[]; report: Report; ask: (kind: 'waive' | 'remove', c: Candidate) => void };

/** How many are paid, waived and still owing: the check before finalizing. */
function feeLine(cs: Candidate[]) {
  const count = (p: string) => cs.filter((c) => c.paymentStatus === p).length;
  return `${cs.length} ${cs.length === 1 ? 'candidate' : 'candidates'} · ${count('paid')} paid · ${count('pending')} pending · ${count('waived')} waived`;
}

/** An invited candidate's fee is frozen when they register; until then it is the target rank's. */
const targetFee = (g: Grading, c: Candidate) => g.targetRanks.find((r) => r._id === c.targetRank._id)?.testFee;

/** The grading's candidates: their belts, state, fee and, on the day, present or absent. */
export function CandidateRoster({ grading, candidates, report, ask }: Props) {
  const [busy, setBusy] = useState('');
  async function attend(c: Candidate, present: boolean) {
    setBusy(c._id);
    try {
      const answer = await markAttendance(grading._id, c._id, present);
      report({ notice: answer.message ?? `${c.name}: ${present ? 'present' : 'absent'}` });
    } catch (err) {
      report({ alert: errorMessage(err) });
    } finally {
      setBusy('');
    }
  }
  return (
    <section aria-labelledby="roster-h">
      <h2 id="roster-h">Candidates</h2>
      {candidates.length ? (
        <>
          <p className="muted" data-fee-summary="">
            {feeLine(candidates)}
          </p>
          <DataTable id="candidates" caption="Candidates" busy={!!busy}>
            <TableHead columns={['Candidate', 'From', 'To', 'Status', numberColumn('Fee'), 'Payment']} actions />
            <tbody>
              {candidates.map((c) => {
                const can = candidateActions(c, grading.status);
                return (
                  <tr key={c._id} data-id={c._id} data-status={c.status} data-payment={c.paymentStatus}>
                    <th scope="row" data-label="Candidate">
                      {c.name}
                      {c.studentId && <span className="cell-note cell-code">{c.studentId}</span>}
                      {c.overrideReason && <span className="cell-note">Invited anyway: {c.overrideReason}</span>}
                    </th>
                    <td data-label="From">
                      <BeltName belt={c.fromRank} />
                    </td>
                    <td data-label="To">
                      <BeltName belt={c.targetRank} />
                    </td>
                    <td data-label="Status">
                      <CandidateBadge state={c.status} />
                    </td>
                    <td data-label="Fee" className="cell-number">
                      {c.status === 'invited' && c.paymentStatus === 'none' ? (targetFee(grading, c) ?? c.fee) : c.fee}
                    </td>
                    <td data-label="Payment">
                      {c.status === 'invited' && c.paymentStatus === 'none' ? (
                        <span className="cell-note">Due when they register</span>
                      ) : (
                        <CandidateBadge state={c.paymentStatus} fee />
                      )}
                      {c.waiveReason && <span className="cell-note">{c.waiveReason}</span>}
                    </td>
                    <ActionsCell>
                      {can.waive && (
                        <button type="button" className="btn btn-secondary btn-sm" onClick={() => ask('waive', c)}>
                          Waive<span className="visually-hidden"> the fee of {c.name}</span>
                        </button>
                      )}
                      {can.attendance && (
                        <>
                          <button
                            type="button"
                            className="btn btn-secondary btn-sm"
                            aria-pressed={c.status === 'present'}
                            disabled={busy === c._id}
                            onClick={() => void attend(c, true)}
                          >
                            Present<span className="visually-hidden"> {c.name}</span>
                          </button>
                          <button
                            type="button"
                            className="btn btn-secondary btn-sm"
                            aria-pressed={c.status === 'absent'}
                            disabled={busy === c._id}
                            onClick={() => void attend(c, false)}
                          >
                            Absent<span className="visually-hidden"> {c.name}</span>
                          </button>
                        </>
                      )}
                      {can.remove && (
                        <button type="button" className="btn btn-danger btn-sm" onClick={() => ask('remove', c)}>
                          Remove<span className="visually-hidden"> {c.name}</span>
                        </button>
                      )}
                    </ActionsCell>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        </>
      ) : (
        <p className="empty-state">No candidates yet: invite members below.</p>
      )}
    </section>
  );
}
