import { describe, expect, it } from 'vitest';
import type { AttendanceKind, AttendanceMethod } from '#core/attendance/kinds.ts';
import { reportCsv } from './report-csv.ts';
import { ReportCsvQuery, ReportQuery, reportFileName } from './report-query.ts';
import {
  attendanceReport,
  daysSpanned,
  mondayOf,
  rangeInstants,
  weeksOf,
  type ReportBooking,
  type ReportEvent,
  type ReportSession,
} from './reports.ts';

const ZONE = 'America/Vancouver';
const MIN = 60_000;
const HOUR = 60 * MIN;

// Clocks in Vancouver go forward on Sunday 2026-03-08: PST (UTC−8) before, PDT (UTC−7) after.
const session = (id: string, startsAt: string, classId: string | null, title: string): ReportSession => ({
  id,
  classId,
  title,
  startsAt: new Date(startsAt),
  endsAt: new Date(new Date(startsAt).getTime() + HOUR),
});
const s1 = session('s1', '2026-03-03T02:00:00Z', 'c1', 'Kids (old name)'); // Mon Mar 2, 18:00 PST
const s2 = session('s2', '2026-03-09T05:00:00Z', 'c1', 'Kids (old name)'); // Sun Mar 8, 22:00 PDT: Monday in UTC, Sunday at school
const s3 = session('s3', '2026-03-09T07:30:00Z', null, 'Seminar'); // Mon Mar 9, 00:30 PDT: the next week
const s4 = session('s4', '2026-03-16T17:00:00Z', 'c1', 'Kids (old name)'); // after the range
const NOW = s3.startsAt.getTime() + 10 * MIN; // s1 and s2 are over, s3 is running

const booking = (sessionId: string, userId: string, status: ReportBooking['status'] = 'booked', lateCancel = false): ReportBooking => ({
  sessionId,
  userId,
  status,
  lateCancel,
});
const event = (sessionId: string, userId: string, kind: AttendanceKind, method: AttendanceMethod, at: Date, minutes = 0): ReportEvent => ({
  sessionId,
  userId,
  kind,
  method,
  recordedAt: new Date(at.getTime() + minutes * MIN),
  receivedAt: new Date(at.getTime() + minutes * MIN),
});

const names = new Map([
  ['u1', 'Aiko Tanaka'],
  ['u2', 'Ben Ito'],
  ['u3', 'Cleo Park'],
  ['u4', 'Dan Ross'],
]);

function report() {
  return attendanceReport({
    sessions: [s1, s2, s3, s4],
    bookings: [
      booking('s1', 'u1'),
      booking('s1', 'u2'),
      booking('s1', 'u3'),
      booking('s1', 'u4', 'cancelled', true),
      booking('s2', 'u1'),
      booking('s2', 'u2'),
      booking('s2', 'u3', 'cancelled', false),
      booking('s3', 'u1'),
      booking('s3', 'u2', 'waitlisted'),
      booking('s4', 'u1'),
    ],
    events: [
      // Two devices saw Aiko: one presence.
      event('s1', 'u1', 'present', 'kiosk_qr', s1.startsAt, -5),
      event('s1', 'u1', 'present', 'roster', s1.startsAt, 2),
      event('s1', 'u2', 'late', 'roster', s1.startsAt, 15),
      // Cleo scanned in, staff voided it: a no-show.
      event('s1', 'u3', 'present', 'kiosk_qr', s1.startsAt, -1),
      event('s1', 'u3', 'void', 'admin', s1.startsAt, 30),
      event('s2', 'u1', 'excused', 'admin', s2.startsAt),
      event('s2', 'u2', 'absent', 'roster', s2.startsAt, 5),
      event('s2', 'u4', 'present', 'kiosk_pin', s2.startsAt), // a walk-in
      event('s2', 'u5', 'excused', 'admin', s2.startsAt), // excused without a booking: nothing to count
      event('s3', 'u1', 'present', 'roster', s3.startsAt),
      event('s4', 'u1', 'present', 'roster', s4.startsAt),
    ],
    names,
    classes: new Map([['c1', { title: 'Kids Karate', dayOfWeek: 1, startTime: '18:00' }]]),
    from: '2026-03-02',
    to: '2026-03-15',
    zone: ZONE,
    nowMs: NOW,
  });
}

describe('attendanceReport', () => {
  it('counts each class: sessions, booked places, effective attendance, late, no-shows and the rate of places attended', () => {
    expect(report().byClass).toEqual([
      {
        classId: 'c1',
        title: 'Kids Karate',
        dayOfWeek: 1,
        startTime: '18:00',
        sessions: 2,
        booked: 5,
        attended: 3,
        late: 1,
        noShows: 2,
        rate: 0.4,
      },
      {
        classId: null,
        title: 'Seminar',
        dayOfWeek: null,
        startTime: null,
        sessions: 1,
        booked: 1,
        attended: 1,
        late: 0,
        noShows: 0,
        rate: null,
      },
    ]);
  });

  it('counts each student, walk-ins and late cancels included, by name', () => {
    expect(report().byStudent).toEqual([
      {
        userId: 'u1',
        name: 'Aiko Tanaka',
        attended: 2,
        late: 0,
        absent: 0,
        noShows: 0,
        lateCancels: 0,
        lastAttendedAt: s3.startsAt.toISOString(),
      },
      {
        userId: 'u2',
        name: 'Ben Ito',
        attended: 1,
        late: 1,
        absent: 1,
        noShows: 1,
        lateCancels: 0,
        lastAttendedAt: s1.startsAt.toISOString(),
      },
      { userId: 'u3', name: 'Cleo Park', attended: 0, late: 0, absent: 0, noShows: 1, lateCancels: 0, lastAttendedAt: null },
      {
        userId: 'u4',
        name: 'Dan Ross',
        attended: 1,
        late: 0,
        absent: 0,
        noShows: 0,
        lateCancels: 1,
        lastAttendedAt: s2.startsAt.toISOString(),
      },
    ]);
  });

  it('lists the no-shows newest first: booked, over, and not present, late or excused (a voided scan, a staff absent)', () => {
    expect(report().noShows).toEqual([
      { userId: 'u2', name: 'Ben Ito', sessionId: 's2', title: 'Kids (old name)', startsAt: s2.startsAt.toISOString() },
      { userId: 'u3', name: 'Cleo Park', sessionId: 's1', title: 'Kids (old name)', startsAt: s1.startsAt.toISOString() },
    ]);
  });

  it("buckets weeks from Monday on the school's clock, not UTC's, across a DST change", () => {
    expect(report().byWeek).toEqual([
      { week: '2026-03-02', attended: 3, booked: 5 },
      { week: '2026-03-09', attended: 1, booked: 1 },
    ]);
  });

  it('answers empty reports, with every week of the range, when nothing happened', () => {
    const empty = attendanceReport({
      sessions: [],
      bookings: [],
      events: [],
      names,
      classes: new Map(),
      from: '2026-03-04',
      to: '2026-03-24',
      zone: ZONE,
      nowMs: NOW,
    });
    expect(empty).toEqual({
      byClass: [],
      byStudent: [],
      noShows: [],
      byWeek: ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23'].map((week) => ({ week, attended: 0, booked: 0 })),
    });
  });
});

describe('the range', () => {
  it("runs from the first day's midnight to the midnight after the last, in the school's zone", () => {
    expect(rangeInstants('2026-03-02', '2026-03-15', ZONE)).toEqual({
      start: new Date('2026-03-02T08:00:00Z'),
      end: new Date('2026-03-16T07:00:00Z'),
    });
    expect(rangeInstants('2026-03-02', '2026-03-02', 'Asia/Kolkata')).toEqual({
      start: new Date('2026-03-01T18:30:00Z'),
      end: new Date('2026-03-02T18:30:00Z'),
    });
  });

  it('knows Mondays, weeks and day counts (leap years included)', () => {
    expect(['2026-03-01', '2026-03-02', '2026-03-08', '2026-03-09'].map(mondayOf)).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(weeksOf('2026-03-08', '2026-03-09')).toEqual(['2026-03-02', '2026-03-09']);
    expect(daysSpanned('2026-03-02', '2026-03-02')).toBe(1);
    expect(daysSpanned('2028-01-01', '2028-12-31')).toBe(366);
  });
});

describe('ReportQuery', () => {
  const fail = (q: Record<string, unknown>) => ReportQuery.safeParse(q).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes two school days and an optional class', () => {
    expect(ReportQuery.parse({ from: '2026-03-02', to: '2026-03-15', classId: '' })).toEqual({ from: '2026-03-02', to: '2026-03-15' });
    expect(ReportQuery.parse({ from: '2025-01-01', to: '2026-01-01', classId: 'c1' }).classId).toBe('c1');
  });

  it('names the field that is missing or not a day', () => {
    expect(fail({ to: '2026-03-15' })).toEqual([['from', 'from is required']]);
    expect(fail({ from: '2026-03-02', to: '2026-02-30' })).toEqual([['to', 'to must be a date (YYYY-MM-DD)']]);
    expect(fail({ from: '2026-03-02T10:00:00Z', to: '2026-03-15' })).toEqual([['from', 'from must be a date (YYYY-MM-DD)']]);
    expect(fail({ from: '1999-12-31', to: '2000-01-01' })).toEqual([['from', 'from must be a date (YYYY-MM-DD)']]);
  });

  it('refuses a range that runs backwards or spans more than 366 days', () => {
    expect(fail({ from: '2026-03-15', to: '2026-03-02' })).toEqual([['to', 'to must be on or after from']]);
    expect(fail({ from: '2025-01-01', to: '2026-01-02' })).toEqual([['to', 'The report range may be at most 366 days']]);
    expect(ReportQuery.safeParse({ from: '2028-01-01', to: '2028-12-31' }).success).toBe(true);
  });

  it('names the report of a CSV download', () => {
    const q = { from: '2026-03-02', to: '2026-03-15' };
    expect(ReportCsvQuery.parse({ ...q, report: 'no-shows' }).report).toBe('no-shows');
    expect(ReportCsvQuery.safeParse({ ...q, report: 'money' }).error?.issues[0]?.message).toBe(
      'report must be one of: class, student, no-shows',
    );
    expect(reportFileName('class', q.from, q.to)).toBe('attendance-class-2026-03-02-2026-03-15.csv');
  });
});

describe('reportCsv', () => {
  it("writes each report with its header, rates as percentages and times on the school's clock", () => {
    const r = report();
    expect(reportCsv(r, 'class', ZONE)).toBe(
      '\uFEFFClass,Day,Time,Sessions,Booked,Attended,Late,No-shows,Attendance rate (%)\r\nKids Karate,Monday,18:00,2,5,3,1,2,40\r\nSeminar,,,1,1,1,0,0,\r\n',
    );
    expect(reportCsv(r, 'student', ZONE).split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFName,Attended,Late,Absent,No-shows,Late cancels,Last attended',
      'Aiko Tanaka,2,0,0,0,0,2026-03-09 00:30',
      'Ben Ito,1,1,1,1,0,2026-03-02 18:00',
    ]);
    expect(reportCsv(r, 'no-shows', ZONE)).toBe(
      '\uFEFFDate,Class,Name\r\n2026-03-08 22:00,Kids (old name),Ben Ito\r\n2026-03-02 18:00,Kids (old name),Cleo Park\r\n',
    );
  });

  it('escapes a name that a spreadsheet would run as a formula', () => {
    const r = {
      byClass: [],
      noShows: [],
      byWeek: [],
      byStudent: [
        {
          userId: 'x',
          name: '=HYPERLINK("http://evil")',
          attended: 1,
          late: 0,
          absent: 0,
          noShows: 0,
          lateCancels: 0,
          lastAttendedAt: null,
        },
      ],
    };
    expect(reportCsv(r, 'student', ZONE).split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://evil"")",1,0,0,0,0,`);
  });
});
