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
  if (asking.kind === 'delete') {
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
  // A status move and sharing ask the same way: what it does, then one optional text.
  const ask = asking.kind === 'status' ? statusAsk(m, asking.to, text) : shareAsk(m, text);
  return (
    <ConfirmDialog
      title={ask.title}
      confirmLabel={ask.confirmLabel}
      busyLabel={ask.busyLabel}
      danger={ask.danger}
      onClose={onClose}
      onConfirm={async () => onDone(await ask.send())}
    >
      <p>{ask.say}</p>
      <Field
        id={ask.text.id}
        label={ask.text.label}
        optional={ask.text.optional}
        rows={3}
        maxLength={ask.text.maxLength}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </ConfirmDialog>
  );
}

type Ask = {
  title: string;
  confirmLabel: string;
  busyLabel: string;
  danger: boolean;
  say: string;
  text: { id: string; label: string; optional: string; maxLength: number };
  /** Sends the request; resolves to the message to show. */
  send(): Promise<string>;
};

function statusAsk(m: MeetingView, to: MeetingStatus, reason: string): Ask {
  const move = MOVES.find((mv) => mv.to === to)!;
  return {
    title: `${move.label}: ${m.title}?`,
    confirmLabel: move.label,
    busyLabel: move.busy,
    danger: move.danger,
    say: move.say,
    text: { id: 'meeting-status-reason', label: 'Reason', optional: '(optional, invitees can see it)', maxLength: MEETING_LIMITS.reason },
    async send() {
      const body = await changeMeetingStatus(m._id, to, reason);
      return `${body.message ?? 'Meeting status updated'}: ${m.title} is now ${body.data?.status ?? to}`;
    },
  };
}

function shareAsk(m: MeetingView, message: string): Ask {
  return {
    title: `Share ${m.title}`,
    confirmLabel: 'Share',
    busyLabel: 'Sharing…',
    danger: false,
    say: `Everyone the meeting is for gets a notification${m.notificationSent ? ' (it was shared before; they are told again)' : ''}.`,
    text: {
      id: 'meeting-share-message',
      label: 'Message',
      optional: '(optional; otherwise the start time)',
      maxLength: MEETING_LIMITS.customMessage,
    },
    async send() {
      const body = await shareMeeting(m._id, message);
      const total = body.data?.notificationCount;
      return `${body.message ?? 'Meeting shared'}${total !== undefined ? ` (${total} notifications sent for it so far)` : ''}`;
    },
  };
}
