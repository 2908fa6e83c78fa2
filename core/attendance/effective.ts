import { KINDS, type AttendanceKind, type AttendanceMethod } from '#core/attendance/kinds.ts';

/**
 * The effective status of one (session, user) from its ledger events (issue 24 §3).
 * Staff: `admin` (a correction) and `roster` (the session's instructor). Self-service: `kiosk_qr` and
 * `kiosk_pin` (the member at the shared kiosk). Only staff may take attendance away: a self-service
 * `absent`/`void` never undoes what staff recorded.
 */

export type EffectiveStatus = Exclude<AttendanceKind, 'void'>;
export type LedgerEvent = { kind: AttendanceKind; method: AttendanceMethod; recordedAt: Date; receivedAt: Date };

export const STAFF_METHODS: readonly AttendanceMethod[] = ['admin', 'roster'];
export const isStaff = (method: AttendanceMethod) => STAFF_METHODS.includes(method);

const RETRACTIONS: readonly AttendanceKind[] = ['absent', 'void'];

/**
 * Ledger order: device time, then staff after self-service (so staff wins a tie), then arrival time.
 * The kind's place in KINDS breaks a full tie, so the answer never depends on the input's order.
 */
function ledgerOrder(a: LedgerEvent, b: LedgerEvent): number {
  return (
    a.recordedAt.getTime() - b.recordedAt.getTime() ||
    Number(isStaff(a.method)) - Number(isStaff(b.method)) ||
    a.receivedAt.getTime() - b.receivedAt.getTime() ||
    KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind)
  );
}

/** The last event that counts (its kind, method and time are what a roster shows), or null for none or voided. */
export function effectiveEvent<E extends LedgerEvent>(events: readonly E[]): E | null {
  let current: E | null = null;
  for (const event of [...events].sort(ledgerOrder)) {
    if (!isStaff(event.method) && current && isStaff(current.method) && RETRACTIONS.includes(event.kind)) continue;
    current = event;
  }
  return !current || current.kind === 'void' ? null : current;
}

/** The status the last event that counts leaves, or null for none (no events, or voided). */
export function effectiveStatus(events: readonly LedgerEvent[]): EffectiveStatus | null {
  return (effectiveEvent(events)?.kind as EffectiveStatus | undefined) ?? null;
}

export type StatusCounts = Record<EffectiveStatus, number> & { attended: number; total: number };
export type AttendanceRow = { classId: string; month: string; status: EffectiveStatus };

const emptyCounts = (): StatusCounts => ({ present: 0, late: 0, excused: 0, absent: 0, attended: 0, total: 0 });

function tally(counts: StatusCounts, status: EffectiveStatus): void {
  counts[status] += 1;
  counts.total += 1;
  if (status === 'present' || status === 'late') counts.attended += 1;
}

function countBy(rows: readonly AttendanceRow[], key: (row: AttendanceRow) => string): Record<string, StatusCounts> {
  const out: Record<string, StatusCounts> = {};
  for (const row of rows) tally((out[key(row)] ??= emptyCounts()), row.status);
  return out;
}

/** Counts of effective rows per class and per month (`YYYY-MM`); `attended` is present + late. */
export function attendanceCounts(rows: readonly AttendanceRow[]): {
  byClass: Record<string, StatusCounts>;
  byMonth: Record<string, StatusCounts>;
} {
  return { byClass: countBy(rows, (r) => r.classId), byMonth: countBy(rows, (r) => r.month) };
}
