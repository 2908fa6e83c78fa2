import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarDay } from '#core/time-zone.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { api, createUser, testDb, uniq, type TestUser } from '#test/helpers.ts';
import { insertClass, insertSession } from '#test/session-helpers.ts';
import { at, book, mark } from './attendance-reports.test-helpers.ts';

const RANGE = 'from=2026-03-02&to=2026-03-15';
const HOUR = 3_600_000;

let admin: TestUser;
let classId: string;
let classTitle: string;
let people: Record<'aiko' | 'ben' | 'cleo' | 'dan', TestUser>;
let s1: { id: string; startsAt: Date };
let s2: { id: string; startsAt: Date };
let s3: { id: string; startsAt: Date };

/**
 * Two weeks of one class in March 2026, when the school's clocks (Vancouver) go forward on Sunday the 8th.
 * s2 starts Sunday 22:00 at the school, which is already Monday in UTC: it belongs to the first week.
 */
beforeAll(async () => {
  const zone = await schoolTimeZone(testDb());
  admin = await createUser({ role: 'admin' });
  const person = (firstName: string, lastName: string) => createUser({ role: 'student', profile: { firstName, lastName } });
  people = {
    aiko: await person('Aiko', 'Tanaka'),
    ben: await person('Ben', 'Ito'),
    cleo: await person('Cleo', 'Park'),
    // A name a spreadsheet would run as a formula, with a comma to quote.
    dan: await person('=Dan', 'Ross, Jr.'),
  };
  classTitle = `Kids Karate ${uniq()}`;
  const cls = await insertClass({ title: classTitle });
  classId = cls.id;
  const session = (wall: string, more: { status?: 'cancelled' } = {}) =>
    insertSession({ classId, kind: 'regular', title: 'Kids (as it was)', startsAt: at(wall, zone), ...more });
  [s1, s2, s3] = [await session('2026-03-02 18:00'), await session('2026-03-08 22:00'), await session('2026-03-09 18:00')];
  const outside = await session('2026-03-16 18:00');
  const cancelled = await session('2026-03-03 18:00', { status: 'cancelled' });
  const other = await insertSession({ classId: (await insertClass()).id, startsAt: at('2026-03-04 18:00', zone) });
  const { aiko, ben, cleo, dan } = people;

  await Promise.all([
    book(s1.id, aiko.id),
    book(s1.id, ben.id),
    book(s1.id, cleo.id),
    book(s1.id, dan.id, 'cancelled', true),
    book(s2.id, aiko.id),
    book(s2.id, ben.id),
    book(s2.id, cleo.id, 'cancelled', false),
    book(s3.id, aiko.id),
    book(s3.id, ben.id, 'waitlisted'),
    book(outside.id, cleo.id),
    book(cancelled.id, cleo.id),
    book(other.id, cleo.id),
  ]);
  await Promise.all([
    // Two devices saw Aiko: one presence.
    mark(s1, aiko.id, 'present', 'kiosk_qr', -5),
    mark(s1, aiko.id, 'present', 'roster', 2),
    mark(s1, ben.id, 'late', 'roster', 15),
    // Cleo scanned in and staff voided it: a no-show.
    mark(s1, cleo.id, 'present', 'kiosk_qr', -1),
    mark(s1, cleo.id, 'void', 'admin', 30),
    mark(s2, aiko.id, 'excused', 'admin'),
    mark(s2, ben.id, 'absent', 'roster', 5),
    mark(s2, dan.id, 'present', 'kiosk_pin'), // a walk-in
    mark(s3, aiko.id, 'present', 'roster'),
    mark(outside, cleo.id, 'present', 'roster'),
  ]);
});

const report = (query = `${RANGE}&classId=${classId}`, token = admin.token) => api(`/api/attendance/reports?${query}`, { token });

describe('GET /api/attendance/reports', () => {
  it('counts the class over the range from the effective status: attended, late, no-shows and the rate of booked places attended', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    expect(res.body.data.byClass).toEqual([
      { classId, title: classTitle, dayOfWeek: 2, startTime: '17:00', sessions: 3, booked: 6, attended: 4, late: 1, noShows: 2, rate: 0.5 },
    ]);
  });

  it('counts each student, with walk-ins, absences, no-shows and late cancels', async () => {
    const { aiko, ben, cleo, dan } = people;
    const rows = (await report()).body.data.byStudent;
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          userId: aiko.id,
          name: 'Aiko Tanaka',
          attended: 2,
          late: 0,
          absent: 0,
          noShows: 0,
          lateCancels: 0,
          lastAttendedAt: s3.startsAt.toISOString(),
        },
        {
          userId: ben.id,
          name: 'Ben Ito',
          attended: 1,
          late: 1,
          absent: 1,
          noShows: 1,
          lateCancels: 0,
          lastAttendedAt: s1.startsAt.toISOString(),
        },
        { userId: cleo.id, name: 'Cleo Park', attended: 0, late: 0, absent: 0, noShows: 1, lateCancels: 0, lastAttendedAt: null },
        {
          userId: dan.id,
          name: '=Dan Ross, Jr.',
          attended: 1,
          late: 0,
          absent: 0,
          noShows: 0,
          lateCancels: 1,
          lastAttendedAt: s2.startsAt.toISOString(),
        },
      ]),
    );
  });

  it('lists the no-shows newest first with the session they missed', async () => {
    const { ben, cleo } = people;
    expect((await report()).body.data.noShows).toEqual([
      { userId: ben.id, name: 'Ben Ito', sessionId: s2.id, title: 'Kids (as it was)', startsAt: s2.startsAt.toISOString() },
      { userId: cleo.id, name: 'Cleo Park', sessionId: s1.id, title: 'Kids (as it was)', startsAt: s1.startsAt.toISOString() },
    ]);
  });

  it("buckets attended and booked by Monday weeks on the school's clock (Sunday night stays in its week)", async () => {
    expect((await report()).body.data.byWeek).toEqual([
      { week: '2026-03-02', attended: 3, booked: 5 },
      { week: '2026-03-09', attended: 1, booked: 1 },
    ]);
  });

  it('covers every class without a filter, and a range of one day only that day', async () => {
    const all = (await report(RANGE)).body.data;
    expect(all.byClass).toContainEqual(expect.objectContaining({ classId, sessions: 3, booked: 6 }));
    const oneDay = (await report(`from=2026-03-08&to=2026-03-08&classId=${classId}`)).body.data;
    expect(oneDay.byClass).toEqual([expect.objectContaining({ sessions: 1, booked: 2, attended: 1, noShows: 1 })]);
    expect(oneDay.byWeek).toEqual([{ week: '2026-03-02', attended: 1, booked: 2 }]);
  });

  it('does not count a booked place as a no-show before its session is over', async () => {
    const zone = await schoolTimeZone(testDb());
    const cls = await insertClass();
    const student = await createUser({ role: 'student' });
    const running = await insertSession({ classId: cls.id, startsAt: new Date(Date.now() - HOUR / 2) });
    const over = await insertSession({ classId: cls.id, startsAt: new Date(Date.now() - 3 * HOUR) });
    await Promise.all([book(running.id, student.id), book(over.id, student.id)]);
    const day = (ms: number) => calendarDay(new Date(ms), zone);
    const res = await report(`from=${day(Date.now() - 86_400_000)}&to=${day(Date.now() + 86_400_000)}&classId=${cls.id}`);
    expect(res.body.data.byClass).toEqual([expect.objectContaining({ sessions: 2, booked: 2, attended: 0, noShows: 1, rate: 0 })]);
    expect(res.body.data.noShows.map((n: { sessionId: string }) => n.sessionId)).toEqual([over.id]);
  });
});

describe('GET /api/attendance/reports.csv', () => {
  const csv = (report: string, token = admin.token) =>
    api(`/api/attendance/reports.csv?${RANGE}&classId=${classId}&report=${report}`, { token });

  it('downloads the class report as UTF-8 CSV with a header row and the range in its file name', async () => {
    const res = await csv('class');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance-class-2026-03-02-2026-03-15.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toBe(
      `Class,Day,Time,Sessions,Booked,Attended,Late,No-shows,Attendance rate (%)\r\n${classTitle},Tuesday,17:00,3,6,4,1,2,50\r\n`,
    );
  });

  it('starts with a UTF-8 byte order mark, so a spreadsheet reads accents right', async () => {
    const res = await exports.default.fetch(
      new Request(`http://dojo.test/api/attendance/reports.csv?${RANGE}&classId=${classId}&report=class`, {
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    );
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'C'.charCodeAt(0)]);
  });

  it("escapes a name a spreadsheet would run as a formula, and writes times on the school's clock", async () => {
    const res = await csv('student');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance-student-2026-03-02-2026-03-15.csv"');
    const lines = (res.body as string).split('\r\n');
    expect(lines[0]).toBe('Name,Attended,Late,Absent,No-shows,Late cancels,Last attended');
    expect(lines).toContain(`"'=Dan Ross, Jr.",1,0,0,0,1,2026-03-08 22:00`);
    expect(lines).toContain('Aiko Tanaka,2,0,0,0,0,2026-03-09 18:00');
  });

  it('lists the no-shows', async () => {
    const res = await csv('no-shows');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance-no-shows-2026-03-02-2026-03-15.csv"');
    expect(res.body).toBe(
      'Date,Class,Name\r\n2026-03-08 22:00,Kids (as it was),Ben Ito\r\n2026-03-02 18:00,Kids (as it was),Cleo Park\r\n',
    );
  });
});
