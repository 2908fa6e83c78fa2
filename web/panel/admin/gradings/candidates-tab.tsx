import { useEffect, useState } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { NoteDialog } from '#web/panel/admin/enrollments/enrollment-parts.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import type { Report } from './grading-detail.tsx';
import { CandidateRoster } from './candidate-roster.tsx';
import { ProspectTable } from './prospect-table.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import {
  inviteCandidate,
  readCandidates,
  removeCandidate,
  waiveFee,
  type Candidate,
  type CandidatesView,
  type Grading,
  type Prospect,
} from './gradings-api.ts';

type Asking =
  | { kind: 'invite'; prospect: Prospect; eligible: boolean }
  | { kind: 'waive'; candidate: Candidate }
  | { kind: 'remove'; candidate: Candidate }
  | null;

/** The roster (state, fee, attendance) and who could be invited: the eligible, then the rest with what they still lack. */
export function CandidatesTab({ grading, report, reload }: { grading: Grading; report: Report; reload: number }) {
  const [view, setView] = useState<CandidatesView | null>(null);
  const [failed, setFailed] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  useEffect(() => {
    const ctl = new AbortController();
    readCandidates(grading._id, ctl.signal).then(
      (v) => {
        setView(v);
        setFailed('');
      },
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [grading._id, reload]);

  if (failed) return <FormAlert message={failed} />;
  if (!view) return <Loading label="Loading..." />;
  const invites = grading.status === 'draft' || grading.status === 'open';
  const close = () => setAsking(null);
  const done = (notice: string) => {
    setAsking(null);
    report({ notice });
  };
  return (
    <div className="grading-candidates">
      <CandidateRoster
        grading={grading}
        candidates={view.candidates}
        report={report}
        ask={(kind, candidate) => setAsking({ kind, candidate })}
      />
      {invites && (
        <>
          <ProspectTable
            id="eligible"
            title="Ready to grade"
            empty="Nobody else is eligible for a target rank of this grading yet."
            prospects={view.eligible}
            onInvite={(prospect) => setAsking({ kind: 'invite', prospect, eligible: true })}
          />
          <ProspectTable
            id="ineligible"
            title="Not yet eligible"
            empty="Nobody else holds the rank below a target."
            prospects={view.ineligible}
            onInvite={(prospect) => setAsking({ kind: 'invite', prospect, eligible: false })}
          />
        </>
      )}
      {asking?.kind === 'invite' && (
        <InviteDialog
          prospect={asking.prospect}
          eligible={asking.eligible}
          onClose={close}
          onInvite={async (overrideReason) => {
            const answer = await inviteCandidate(grading._id, {
              userId: asking.prospect.userId,
              ...(asking.prospect.nextRank ? { targetRankId: asking.prospect.nextRank._id } : {}),
              ...(overrideReason ? { overrideReason } : {}),
            });
            done(answer.message ?? `${asking.prospect.name} invited`);
          }}
        />
      )}
      {asking?.kind === 'waive' && (
        <NoteDialog
          title={`Waive the fee of ${asking.candidate.name}?`}
          label="Reason"
          required
          confirmLabel="Waive fee"
          busyLabel="Waiving…"
          danger={false}
          onClose={close}
          onConfirm={async (reason) => {
            const answer = await waiveFee(grading._id, asking.candidate._id, reason.trim());
            done(answer.message ?? `Fee waived for ${asking.candidate.name}`);
          }}
        >
          <p>They owe nothing for this grading ({asking.candidate.fee}); the reason is kept with the candidacy.</p>
        </NoteDialog>
      )}
      {asking?.kind === 'remove' && (
        <ConfirmDialog
          title={`Take back the invitation of ${asking.candidate.name}?`}
          confirmLabel="Remove candidate"
          busyLabel="Removing…"
          onClose={close}
          onConfirm={async () => {
            const answer = await removeCandidate(grading._id, asking.candidate._id);
            done(answer.message ?? `${asking.candidate.name} removed`);
          }}
        >
          <p>They are no longer a candidate of this grading.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
