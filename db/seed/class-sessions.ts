import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { occurrencesOf, sessionKey } from '#core/sessions/occurrences.ts';
import { DEFAULT_SCHOOL_TIME_ZONE } from '#core/time-zone.ts';
import { attendanceEvents, classes, classSessions, SETTINGS_ID, sessionBookings, siteSettings } from '#db/schema/index.ts';
import { DEMO_CLASSES } from './catalog.ts';
import { planSession, type DemoPerson, type DemoSession } from './class-attendance.ts';
import { classMemberIds, DEMO_CLASS_MEMBERS, type ClassKey } from './class-members.ts';
import { DEMO_KIOSK_ID, DEMO_PIN_EMAIL } from './checkin.ts';
import { demoUserIds } from './demo-users.ts';
import type { SeedDb, Seeder } from './types.ts';

const DAY = 86_400_000;
export const WEEKS_BACK = 6;
export const WEEKS_AHEAD = 8;
const CHUNK = 200;

const classId = (key: ClassKey) => `seed-class-${key}`;

/** The demo accounts who train: the student (a keen beginner, with a PIN) and the member. */
const DEMO_TRAINEES: { email: string; regular: ClassKey[]; keen: number }[] = [
  { email: DEMO_PIN_EMAIL, regular: ['mon-adults', 'wed-adults', 'sat-family'], keen: 0.95 },
  { email: 'member@dojo.local', regular: ['mon-adults', 'fri-kumite', 'sun-selfdefence'], keen: 0.75 },
];
/** Classes for 16 and over: who fills the demo's full session once its regulars have booked. */
const ADULT_CLASSES = new Set(['mon-adults', 'wed-adults', 'thu-advanced', 'sun-selfdefence'].map((k) => classId(k as ClassKey)));
/** The demo's full session: the first Adult Fundamentals at least a day ahead. */
const FULL_CLASSES = new Set([classId('mon-adults'), classId('wed-adults')]);

type Person = DemoPerson & { email: string };

async function people(db: SeedDb, pinSet: boolean): Promise<Person[]> {
  const members = await classMemberIds(db);
  const trainees = await demoUserIds(
    db,
    DEMO_TRAINEES.map((t) => t.email),
  );
  const set = (keys: ClassKey[]) => new Set(keys.map(classId));
  return [
    ...DEMO_TRAINEES.flatMap((t) => {
      const userId = trainees.get(t.email);
      return userId
        ? [{ email: t.email, userId, regular: set(t.regular), mayTrain: true, keen: t.keen, hasPin: pinSet && t.email === DEMO_PIN_EMAIL }]
        : [];
    }),
    ...DEMO_CLASS_MEMBERS.flatMap((p, i) => {
      const userId = members.get(p.email);
      return userId ? [{ email: p.email, userId, regular: set(p.regular), mayTrain: !p.lapsed, keen: 0.6 + ((i * 13) % 30) / 100 }] : [];
    }),
  ];
}

/** The order people book the full session: its regulars (the demo student last, so they are first on the waitlist), then other adults. */
function fillOrder(session: DemoSession, all: Person[]): DemoPerson[] {
  const student = all.find((p) => p.email === DEMO_PIN_EMAIL);
  const adults = all.filter((p) => p.mayTrain && p !== student && [...p.regular].some((c) => ADULT_CLASSES.has(c)));
  const regulars = adults.filter((p) => p.regular.has(session.classId));
  const seats = session.capacity ?? 0;
  const others = adults.filter((p) => !p.regular.has(session.classId));
  const booked = [...regulars, ...others].slice(0, seats);
  const waiting = [...regulars, ...others].slice(seats, seats + 2);
  return [...booked, ...(student ? [student] : []), ...waiting];
}

/**
 * The demo's dated sessions: every occurrence of the seeded weekly classes from 6 weeks back to 8 weeks
 * ahead in the school's zone (the rows the generator makes: class + start unique, title, location and
 * capacity copied, taught by the demo instructor), with bookings and attendance for each session this
 * run creates; a session already there (an earlier run, the generator) is left as it is, so a second run
 * adds nothing. Booked and waitlisted counts are recounted from the bookings in the same batch.
 */
export const classSessionsSeeder: Seeder = {
  name: 'class-sessions',
  async run({ db, jwtSecret }) {
    const now = Date.now();
    const [settings] = await db.select({ timeZone: siteSettings.timeZone }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID));
    const zone = settings?.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE;
    const found = await db
      .select()
      .from(classes)
      .where(
        and(
          inArray(
            classes.id,
            DEMO_CLASSES.map((c) => c.id!),
          ),
          eq(classes.isActive, true),
        ),
      );
    if (!found.length) return 0;
    const ids = await demoUserIds(db, ['instructor@dojo.local', 'admin@dojo.local']);
    const instructorUserId = ids.get('instructor@dojo.local') ?? null;
    // The generator keeps later weeks taught by the same account, as on a school's own timetable.
    if (instructorUserId)
      await db
        .update(classes)
        .set({ instructorUserId })
        .where(
          and(
            inArray(
              classes.id,
              found.map((c) => c.id),
            ),
            isNull(classes.instructorUserId),
          ),
        );
    const fromMs = now - WEEKS_BACK * 7 * DAY;
    const wanted = found.flatMap((c) => occurrencesOf(c, fromMs, WEEKS_BACK + WEEKS_AHEAD, zone).map((o) => ({ o, c })));
    const untilMs = Math.max(...wanted.map(({ o }) => o.startsAt.getTime())) + 1;
    const existing = await db
      .select({ classId: classSessions.classId, startsAt: classSessions.startsAt })
      .from(classSessions)
      .where(
        and(
          inArray(
            classSessions.classId,
            found.map((c) => c.id),
          ),
          gte(classSessions.startsAt, new Date(fromMs)),
          lt(classSessions.startsAt, new Date(untilMs)),
        ),
      );
    const have = new Set(existing.map((s) => sessionKey(s.classId!, s.startsAt)));
    const rows = wanted
      .filter(({ o }) => !have.has(sessionKey(o.classId, o.startsAt)))
      .sort((a, b) => a.o.startsAt.getTime() - b.o.startsAt.getTime())
      .map(({ o, c }) => ({
        id: newId(),
        classId: c.id,
        kind: 'regular' as const,
        title: c.title,
        location: c.location,
        startsAt: o.startsAt,
        endsAt: o.endsAt,
        instructorUserId,
        capacity: c.capacity,
        // made by the generator 8 weeks before it starts
        createdAt: new Date(Math.min(now, o.startsAt.getTime() - WEEKS_AHEAD * 7 * DAY)),
      }));
    if (!rows.length) return 0;

    const everyone = await people(db, !!jwtSecret);
    const full = rows.find((s) => FULL_CLASSES.has(s.classId) && s.startsAt.getTime() > now + DAY);
    const ctx = { now, adminId: ids.get('admin@dojo.local') ?? null, kioskId: DEMO_KIOSK_ID };
    const planned = rows.map((s) => planSession(s, everyone, s === full ? { ...ctx, fill: fillOrder(s, everyone) } : ctx, newId));
    const bookings = planned.flatMap((p) => p.bookings);
    const events = planned.flatMap((p) => p.events);
    const chunks = <T>(list: T[]) =>
      Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

    const sessionIds = rows.map((s) => s.id);
    const count = (status: 'booked' | 'waitlisted') =>
      sql`(select count(*) from ${sessionBookings} b where b.session_id = ${classSessions.id} and b.status = ${status})`;
    // One transaction: the sessions are new (checked above), so any conflict is a real fault and undoes it all.
    await db.batch([
      db.insert(classSessions).values(rows.slice(0, CHUNK)),
      ...chunks(rows.slice(CHUNK)).map((c) => db.insert(classSessions).values(c)),
      ...chunks(bookings).map((c) => db.insert(sessionBookings).values(c)),
      ...chunks(events).map((c) => db.insert(attendanceEvents).values(c)),
      ...chunks(sessionIds).map((c) =>
        db
          .update(classSessions)
          .set({ bookedCount: count('booked'), waitlistCount: count('waitlisted') })
          .where(inArray(classSessions.id, c)),
      ),
    ]);
    return rows.length + bookings.length + events.length;
  },
};
