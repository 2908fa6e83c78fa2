import { useState } from 'react';
import { canMoveMeeting, type MeetingStatus } from '#core/meetings/meeting-status.ts';
import { MEETING_LIMITS } from '#core/meetings/meeting-schemas.ts';
import { Field } from '#web/components/form-kit.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { changeMeetingStatus, deleteMeeting, shareMeeting, type MeetingView } from './meetings-api.ts';

/** The moves offered for a meeting: only those the state machine allows from where it is. */
export const MOVES: readonly { to: MeetingStatus; label: string; short: string; busy: string; danger: boolean; say: string }[] = [
  {
    to: 'started',
    label: 'Start',
    short: 'Start',
    busy: 'Starting…',
    danger: false,
    say: 'It shows as under way and stays joinable until its planned end.',
  },
  {
    to: 'ended',
    label: 'End',
    short: 'End',
    busy: 'Ending…',
    danger: true,
    say: 'Nobody can join it any more. An ended meeting cannot be reopened.',
  },
  {
    to: 'cancelled',
    label: 'Cancel meeting',
    short: 'Cancel',
    busy: 'Cancelling…',
    danger: true,
    say: 'Nobody can join it; invitees see it as cancelled, with the reason if you give one.',
  },
  {
    to: 'scheduled',
    label: 'Reschedule',
    short: 'Reschedule',
    busy: 'Rescheduling…',
    danger: false,
    say: 'It becomes a scheduled meeting again.',
  },
];
export const movesFor = (m: MeetingView) => MOVES.filter((mv) => canMoveMeeting(m.status, mv.to));
export const shareable = (m: MeetingView) => m.status === 'scheduled' || m.status === 'started';

export type Asking = { kind: 'status'; meeting: MeetingView; to: MeetingStatus } | { kind: 'share' | 'delete'; meeting: MeetingView };

type Props = { asking: Asking; onDone: (message: string) => void; onClose: () => void };

/** The confirmations of the admin meetings screen: a status move (with an optional reason), sharing (with a message), deleting. */
export function MeetingDialog({ asking, onDone, onClose }: Props) {
  const [text, setText] = useState('');
  const m = asking.meeting;
  if (asking.kind === 'status') {
    const move = MOVES.find((mv) => mv.to === asking.to)!;
    return (
      <ConfirmDialog
        title={`${move.label}: ${m.title}?`}
        confirmLabel={move.label}
        busyLabel={move.busy}
        danger={move.danger}
        onClose={onClose}
        onConfirm={async () => {
          const body = await changeMeetingStatus(m._id, asking.to, text);
          onDone(`${body.message ?? 'Meeting status updated'}: ${m.title} is now ${body.data?.status ?? asking.to}`);
        }}
      >
        <p>{move.say}</p>
        <Field
          id="meeting-status-reason"
          label="Reason"
          optional="(optional, invitees can see it)"
          rows={3}
          maxLength={MEETING_LIMITS.reason}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </ConfirmDialog>
    );
  }
  if (asking.kind === 'share') {
    return (
      <ConfirmDialog
        title={`Share ${m.title}`}
        confirmLabel="Share"
        busyLabel="Sharing…"
        danger={false}
        onClose={onClose}
        onConfirm={async () => {
          const body = await shareMeeting(m._id, text);
          const total = body.data?.notificationCount;
          onDone(`${body.message ?? 'Meeting shared'}${total !== undefined ? ` (${total} notifications sent for it so far)` : ''}`);
        }}
      >
        <p>Everyone the meeting is for gets a notification{m.notificationSent ? ' (it was shared before; they are told again)' : ''}.</p>
        <Field
          id="meeting-share-message"
          label="Message"
          optional="(optional; otherwise the start time)"
          rows={3}
          maxLength={MEETING_LIMITS.customMessage}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      title={`Delete ${m.title}?`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onClose={onClose}
      onConfirm={async () => {
        const body = await deleteMeeting(m._id);
        onDone(body.message ?? 'Meeting deleted');
      }}
    >
      <p>This permanently removes the meeting and its join records. It cannot be undone.</p>
    </ConfirmDialog>
  );
}
