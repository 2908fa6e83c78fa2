import { useState } from 'react';
import { Field } from '#web/components/form-kit.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { cancelSession, type SessionView } from './sessions-api.ts';

/** "3 / 10 booked", or "3 booked, no limit". */
export const bookedText = (s: SessionView) =>
  s.capacity === null ? `${s.bookedCount} booked, no limit` : `${s.bookedCount} / ${s.capacity} booked`;

/** "18:00 – 19:30" on the school's clock. */
export function SessionTimes({ session }: { session: SessionView }) {
  return (
    <span className="session-times">
      <SchoolTime iso={session.startsAt} show="time" /> – <SchoolTime iso={session.endsAt} show="time" />
    </span>
  );
}

type CancelProps = { session: SessionView; onDone: (message: string) => void; onClose: () => void };

/** Cancelling asks for the reason everyone booked or waitlisted is told. */
export function CancelSessionDialog({ session, onDone, onClose }: CancelProps) {
  const [reason, setReason] = useState('');
  const holders = session.bookedCount + session.waitlistCount;
  return (
    <ConfirmDialog
      title={`Cancel ${session.title}?`}
      confirmLabel="Cancel session"
      busyLabel="Cancelling…"
      onClose={onClose}
      onConfirm={async () => {
        if (!reason.trim()) throw new Error('Please give a reason: the people booked are told it');
        const body = await cancelSession(session._id, reason.trim());
        onDone(`${body.message ?? 'Session cancelled'}: ${session.title}`);
      }}
    >
      <p>
        <SchoolTime iso={session.startsAt} show="date" />, <SessionTimes session={session} />.{' '}
        {holders
          ? `${holders} ${holders === 1 ? 'person holds' : 'people hold'} a place and will be told in the app, by push and by e-mail if they chose it.`
          : 'Nobody has booked it yet.'}
      </p>
      <Field
        id="session-cancel-reason"
        label="Reason"
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </ConfirmDialog>
  );
}
