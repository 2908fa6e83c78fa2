import type { PendingEvent } from '#web/lib/attendance-outbox.ts';
import type { Attendee, RosterStatus } from './roster-api.ts';

/** A roster row as shown: the server's effective status, or the last tap still waiting to be sent. */
export type RosterRow = Attendee & { pending: boolean };

/** The buttons of a row, in the order shown. */
export const MARKS: readonly { kind: RosterStatus; label: string }[] = [
  { kind: 'present', label: 'Present' },
  { kind: 'late', label: 'Late' },
  { kind: 'absent', label: 'Absent' },
];

export const STATUS_LABELS: Record<RosterStatus, string> = { present: 'Present', late: 'Late', excused: 'Excused', absent: 'Absent' };

/** A walk-in added here, before the server's roster knows them (kept by name so a reload offline still shows them). */
export type LocalWalkIn = { userId: string; name: string };

const walkInRow = (w: LocalWalkIn): RosterRow => ({
  userId: w.userId,
  name: w.name,
  booking: null,
  status: null,
  walkIn: true,
  needsReview: false,
  lastMethod: null,
  lastRecordedAt: null,
  pending: false,
});

/** A tap of this device: still `waiting` in the outbox, or sent and not yet in a roster read. */
export type Tap = { event: PendingEvent; waiting: boolean };

/**
 * The roster with this device's taps laid over it (the latest per person wins, as the ledger's staff rule
 * would), the walk-ins added here that the server does not list yet, and anyone tapped here whom neither
 * names (their name was not kept).
 */
export function rosterRows(
  attendees: readonly Attendee[],
  taps: readonly Tap[],
  sessionId: string,
  walkIns: readonly LocalWalkIn[] = [],
): RosterRow[] {
  const latest = new Map<string, Tap>();
  for (const tap of taps) {
    if (tap.event.sessionId !== sessionId) continue;
    const seen = latest.get(tap.event.userId);
    if (!seen || seen.event.recordedAt <= tap.event.recordedAt) latest.set(tap.event.userId, tap);
  }
  const rows: RosterRow[] = attendees.map((a) => ({ ...a, pending: false }));
  const listed = new Set(rows.map((r) => r.userId));
  const add = (w: LocalWalkIn) => {
    if (listed.has(w.userId)) return;
    listed.add(w.userId);
    rows.push(walkInRow(w));
  };
  walkIns.forEach(add);
  for (const userId of latest.keys()) add({ userId, name: 'Walk-in (name not kept on this device)' });
  return rows.map((row) => {
    const tap = latest.get(row.userId);
    if (!tap) return row;
    return { ...row, status: tap.event.kind === 'void' ? null : tap.event.kind, pending: tap.waiting };
  });
}

/** How many of the rows have each status, and how many are not marked yet. */
export function rowCounts(rows: readonly RosterRow[]): Record<RosterStatus | 'unmarked', number> {
  const counts = { present: 0, late: 0, excused: 0, absent: 0, unmarked: 0 };
  for (const r of rows) counts[r.status ?? 'unmarked'] += 1;
  return counts;
}
