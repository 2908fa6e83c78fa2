import { describe, expect, it } from 'vitest';
import { attendanceCounts, effectiveEvent, effectiveStatus, isStaff, type LedgerEvent } from '#core/attendance/effective.ts';
import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';

const T0 = Date.parse('2026-11-27T18:00:00Z');
/** An event `min` minutes after 18:00, received `recvMin` minutes after it (default: at once). */
const ev = (kind: AttendanceKind, method: AttendanceMethod, min: number, recvMin = min): LedgerEvent => ({
  kind,
  method,
  recordedAt: new Date(T0 + min * 60_000),
  receivedAt: new Date(T0 + recvMin * 60_000),
});

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** The status, asserted to be the same for every order of the input. */
function statusInAnyOrder(events: LedgerEvent[]) {
  const results = new Set(permutations(events).map((order) => effectiveStatus(order)));
  expect(results.size).toBe(1);
  return [...results][0];
}

describe('effectiveStatus', () => {
  it('is null with no events', () => {
    expect(effectiveStatus([])).toBeNull();
  });

  it('collapses presents from several devices (and a replayed one) to one present', () => {
    const kiosk = ev('present', 'kiosk_qr', 1);
    expect(statusInAnyOrder([kiosk, kiosk, ev('present', 'kiosk_pin', 2), ev('present', 'roster', 3)])).toBe('present');
  });

  it('lets a staff absent or void recorded later win over a present', () => {
    expect(statusInAnyOrder([ev('present', 'kiosk_qr', 1), ev('absent', 'roster', 5)])).toBe('absent');
    expect(statusInAnyOrder([ev('present', 'roster', 1), ev('absent', 'admin', 5)])).toBe('absent');
    expect(statusInAnyOrder([ev('present', 'kiosk_qr', 1), ev('void', 'admin', 5)])).toBeNull();
  });

  it('lets a present recorded after a staff absent win (the student arrived)', () => {
    expect(statusInAnyOrder([ev('absent', 'roster', 1), ev('present', 'kiosk_qr', 20)])).toBe('present');
  });

  it('at equal recordedAt, staff beats self-service, whatever arrived last', () => {
    expect(statusInAnyOrder([ev('absent', 'roster', 5, 6), ev('present', 'kiosk_qr', 5, 60)])).toBe('absent');
    expect(statusInAnyOrder([ev('late', 'admin', 5, 6), ev('present', 'kiosk_pin', 5, 60)])).toBe('late');
  });

  it('orders by recordedAt, not by when the server received it (an offline device syncing late)', () => {
    const offlineKiosk = ev('present', 'kiosk_qr', 10, 120);
    expect(statusInAnyOrder([offlineKiosk, ev('late', 'roster', 15, 16)])).toBe('late');
    expect(statusInAnyOrder([ev('late', 'roster', 5, 6), offlineKiosk])).toBe('present');
  });

  it('uses receivedAt only as the last tie-break: the later arrival wins', () => {
    expect(statusInAnyOrder([ev('present', 'roster', 5, 6), ev('late', 'admin', 5, 7)])).toBe('late');
    expect(statusInAnyOrder([ev('present', 'roster', 5, 7), ev('late', 'admin', 5, 6)])).toBe('present');
  });

  it('never lets self-service take away what staff recorded', () => {
    expect(statusInAnyOrder([ev('excused', 'admin', 1), ev('void', 'kiosk_qr', 5)])).toBe('excused');
    expect(statusInAnyOrder([ev('present', 'roster', 1), ev('absent', 'kiosk_pin', 5)])).toBe('present');
  });

  it('lets self-service undo its own tap', () => {
    expect(statusInAnyOrder([ev('present', 'kiosk_qr', 1), ev('void', 'kiosk_qr', 2)])).toBeNull();
  });

  it('reads void as no attendance, and a later event after a void counts again', () => {
    expect(statusInAnyOrder([ev('present', 'roster', 1), ev('void', 'roster', 2)])).toBeNull();
    expect(statusInAnyOrder([ev('present', 'roster', 1), ev('void', 'roster', 2), ev('late', 'roster', 3)])).toBe('late');
  });

  it('gives one answer for a full tie of different kinds, in any order', () => {
    expect(statusInAnyOrder([ev('present', 'roster', 5), ev('late', 'roster', 5), ev('absent', 'admin', 5)])).toBe('absent');
  });

  it('does not reorder the caller’s array', () => {
    const events = [ev('absent', 'roster', 9), ev('present', 'kiosk_qr', 1)];
    effectiveStatus(events);
    expect(events.map((e) => e.kind)).toEqual(['absent', 'present']);
  });

  it('counts roster and admin as staff, the kiosk as self-service', () => {
    expect(['roster', 'admin', 'kiosk_qr', 'kiosk_pin'].map((m) => isStaff(m as AttendanceMethod))).toEqual([true, true, false, false]);
  });
});

describe('effectiveEvent', () => {
  it('is the event that decided the status, or null when none counts', () => {
    const kiosk = ev('present', 'kiosk_qr', 1);
    const staff = ev('late', 'roster', 2);
    expect(effectiveEvent([staff, kiosk, ev('absent', 'kiosk_pin', 3)])).toBe(staff);
    expect(effectiveEvent([kiosk])).toBe(kiosk);
    expect(effectiveEvent([kiosk, ev('void', 'admin', 4)])).toBeNull();
  });
});

describe('attendanceCounts', () => {
  it('counts per class and per month, attended being present + late', () => {
    const { byClass, byMonth } = attendanceCounts([
      { classId: 'c1', month: '2026-10', status: 'present' },
      { classId: 'c1', month: '2026-11', status: 'late' },
      { classId: 'c1', month: '2026-11', status: 'absent' },
      { classId: 'c2', month: '2026-11', status: 'excused' },
      { classId: 'c2', month: '2026-11', status: 'present' },
    ]);
    expect(byClass).toEqual({
      c1: { present: 1, late: 1, excused: 0, absent: 1, attended: 2, total: 3 },
      c2: { present: 1, late: 0, excused: 1, absent: 0, attended: 1, total: 2 },
    });
    expect(byMonth).toEqual({
      '2026-10': { present: 1, late: 0, excused: 0, absent: 0, attended: 1, total: 1 },
      '2026-11': { present: 1, late: 1, excused: 1, absent: 1, attended: 2, total: 4 },
    });
  });

  it('is empty for no rows', () => {
    expect(attendanceCounts([])).toEqual({ byClass: {}, byMonth: {} });
  });
});
