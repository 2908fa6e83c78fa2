import { UnmetList } from './grading-parts.tsx';
import { useState } from 'react';
import { Field } from '#web/components/form-kit.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import type { Prospect } from './gradings-api.ts';
import { BeltName } from '#web/components/belt.tsx';

type Props = { prospect: Prospect; eligible: boolean; onInvite: (overrideReason: string) => Promise<void>; onClose: () => void };

/**
 * Invites a member to grade for their next rank. One who is not eligible is invited only with a reason, which the
 * server asks for (its words show here) and freezes on the candidate with the eligibility it saw.
 */
export function InviteDialog({ prospect: p, eligible, onInvite, onClose }: Props) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      title={`Invite ${p.name}?`}
      confirmLabel={eligible ? 'Invite' : 'Invite anyway'}
      busyLabel="Inviting…"
      danger={false}
      onConfirm={() => onInvite(reason.trim())}
      onClose={onClose}
    >
      <p>
        To grade for <BeltName belt={p.nextRank} />. They are told at once and can register and pay the fee in their panel.
      </p>
      {!eligible && (
        <>
          <p>Not yet met:</p>
          <UnmetList checks={p.unmet} />
          <Field
            id="invite-override-reason"
            name="overrideReason"
            label="Override reason"
            hint="Why they may grade anyway (kept on their candidacy)."
            rows={3}
            maxLength={500}
            required={false}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-autofocus
          />
        </>
      )}
    </ConfirmDialog>
  );
}
