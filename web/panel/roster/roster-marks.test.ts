import { describe, expect, it } from 'vitest';
import type { PendingEvent } from '#web/lib/attendance-outbox.ts';
import type { Attendee } from './roster-api.ts';
import { rosterRows, rowCounts, type Tap } from './roster-marks.ts';

const person = (userId: string, more: Partial<Attendee> = {}): Attendee => ({
  userId,
  name: `Name ${userId}`,
  booking: { _id: `b-${userId}`, status: 'booked', waitlistPosition: null },
  status: null,
  walkIn: false,
  needsReview: false,
  lastMethod: null,
  lastRecordedAt: null,
  ...more,
});
let n = 0;
const tap = (userId: string, kind: PendingEvent['kind'], waiting = true, sessionId = 's1'): Tap => ({
  event: { id: `e${++n}`, sessionId, userId, kind, method: 'roster', recordedAt: `2026-11-27T10:00:${String(n).padStart(2, '0')}.000Z` },
  waiting,
});

describe('the roster as shown', () => {
  it("lays this device's latest tap per person over the server's status, marks it waiting, and ignores other sessions", () => {
    const rows = rosterRows(
      [person('a', { status: 'absent' }), person('b', { status: 'present' }), person('c')],
      [tap('a', 'late'), tap('a', 'present'), tap('b', 'void', false), tap('c', 'late', true, 's2')],
      's1',
    );
    expect(rows.map((r) => [r.userId, r.status, r.pending])).toEqual([
      ['a', 'present', true],
      ['b', null, false],
      ['c', null, false],
    ]);
    expect(rowCounts(rows)).toEqual({ present: 1, late: 0, excused: 0, absent: 0, unmarked: 2 });
  });

  it('adds walk-ins added here once, until the server lists them, and names anyone tapped whom nobody listed', () => {
    const rows = rosterRows([person('a')], [tap('w', 'present'), tap('ghost', 'late')], 's1', [
      { userId: 'a', name: 'Listed already' },
      { userId: 'w', name: 'Walk In' },
    ]);
    expect(rows.map((r) => [r.userId, r.name, r.walkIn, r.status])).toEqual([
      ['a', 'Name a', false, null],
      ['w', 'Walk In', true, 'present'],
      ['ghost', 'Walk-in (name not kept on this device)', true, 'late'],
    ]);
  });
});
