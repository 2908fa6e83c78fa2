import { MARKS, STATUS_LABELS, type RosterRow } from './roster-marks.ts';
import type { Mark } from './use-roster-outbox.ts';

function BookingBadge({ row }: { row: RosterRow }) {
  if (row.booking?.status === 'waitlisted')
    return (
      <span className="badge roster-badge-wait">Waitlist{row.booking.waitlistPosition ? ` #${row.booking.waitlistPosition}` : ''}</span>
    );
  if (row.booking) return <span className="badge">Booked</span>;
  return <span className="badge roster-badge-walk-in">Walk-in</span>;
}

/** One person: name, booking, the status that counts, and one big button per mark (pressed = the current one; a second tap on it records nothing, so a double tap is harmless). */
export function RosterPerson({
  row,
  disabled,
  onMark,
}: {
  row: RosterRow;
  disabled?: boolean;
  onMark: (userId: string, kind: Mark) => void;
}) {
  const nameId = `roster-${row.userId}-name`;
  return (
    <li className="roster-person" data-user={row.userId} data-status={row.status ?? 'none'} data-pending={row.pending ? '' : undefined}>
      <div className="roster-person-head">
        <span id={nameId} className="roster-person-name">
          {row.name}
        </span>
        <BookingBadge row={row} />
        {row.needsReview && <span className="badge roster-badge-review">No active membership</span>}
      </div>
      <p className="roster-person-status">
        {row.status ? STATUS_LABELS[row.status] : 'Not marked'}
        {row.pending && <span className="roster-waiting"> · waiting to send</span>}
      </p>
      <div className="roster-marks" role="group" aria-labelledby={nameId}>
        {MARKS.map((m) => {
          const on = row.status === m.kind;
          return (
            <button
              key={m.kind}
              type="button"
              className={`roster-mark roster-mark-${m.kind}`}
              aria-pressed={on}
              disabled={disabled}
              onClick={() => {
                if (!on) onMark(row.userId, m.kind);
              }}
            >
              {m.label}
              <span className="visually-hidden"> {row.name}</span>
            </button>
          );
        })}
      </div>
    </li>
  );
}
