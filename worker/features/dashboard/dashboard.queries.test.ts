import { describe, expect, it } from 'vitest';
import type { ClassRow } from '#db/schema/index.ts';
import { byGrade, monthWeeks, nextSessions, todaysSessions } from './dashboard.queries.ts';

const cls = (id: string, dayOfWeek: number, startTime: string, endTime: string) =>
  ({ id, title: id, dayOfWeek, startTime, endTime, level: 'all', instructorName: null, location: null }) as unknown as ClassRow;

describe('the school calendar of the homes', () => {
  // Paris, whose rules are settled (the runtime's tz data may move Vancouver's): summer time starts 28 March 2027.
  const ZONE = 'Europe/Paris';

  it("splits a month into Monday weeks on the school's clock, across the DST change", () => {
    const { month, start, end } = monthWeeks(Date.parse('2027-03-31T22:30:00Z'), ZONE);
    expect(month).toBe('2027-04');
    expect(new Date(start).toISOString()).toBe('2027-03-31T22:00:00.000Z');
    const march = monthWeeks(Date.parse('2027-03-18T12:00:00Z'), ZONE);
    expect(new Date(march.start).toISOString()).toBe('2027-02-28T23:00:00.000Z');
    expect(new Date(march.end).toISOString()).toBe('2027-03-31T22:00:00.000Z');
    expect(march.weeks.map((w) => new Date(w.from).toISOString())).toEqual([
      '2027-02-28T23:00:00.000Z',
      '2027-03-07T23:00:00.000Z',
      '2027-03-14T23:00:00.000Z',
      '2027-03-21T23:00:00.000Z',
      '2027-03-28T22:00:00.000Z',
    ]);
    expect(march.weeks.at(-1)!.to).toBe(march.end);
    expect(end).toBeGreaterThan(start);
  });

  it('answers the next classes of the week from now, a class that started today coming round next week', () => {
    // Wednesday 25 Nov 2026, 18:00 in Paris.
    const now = Date.parse('2026-11-25T17:00:00Z');
    const rows = [
      cls('wed-early', 3, '17:00', '18:00'),
      cls('wed-late', 3, '19:00', '20:00'),
      cls('mon', 1, '10:00', '11:00'),
      cls('thu', 4, '06:30', '07:30'),
    ];
    const next = nextSessions(rows, now, 4, ZONE);
    expect(next.map((s) => s._id)).toEqual(['wed-late', 'thu', 'mon', 'wed-early']);
    expect(next[0]).toMatchObject({ startsAt: '2026-11-25T18:00:00.000Z', endsAt: '2026-11-25T19:00:00.000Z' });
    expect(next[3]!.startsAt).toBe('2026-12-02T16:00:00.000Z');
    expect(todaysSessions(rows, now, ZONE).map((s) => s._id)).toEqual(['wed-early', 'wed-late']);
  });

  it('folds grades as people type them into the grade list, in teaching order, unknown last', () => {
    expect(
      byGrade([
        { grade: 'Green Belt', n: 2 },
        { grade: 'green', n: 1 },
        { grade: null, n: 4 },
        { grade: 'white', n: 3 },
      ]),
    ).toEqual([
      { grade: 'white', count: 3 },
      { grade: 'green', count: 3 },
      { grade: 'none', count: 4 },
    ]);
  });
});
