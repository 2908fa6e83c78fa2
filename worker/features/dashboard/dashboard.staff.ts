import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { profileName } from '#core/users/person-name.ts';
import type { Db } from '#db/client.ts';
import { classes, classSessions, courseEnrollments, instructorEnrollments, membershipEnrollments, users } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { schoolDay } from '#core/time-zone.ts';
import { byGrade, todaysSessions } from './dashboard.queries.ts';

const LEARNERS = ['student', 'member'] as const;
const live = and(eq(users.isActive, true), isNull(users.deactivatedAt));

/** The school's active students and members counted by the grade on their profile (one indexed scan by role). */
export const learnersByGrade = (db: Db) =>
  db
    .select({ grade: sql<unknown>`json_extract(${users.profile}, '$.grade')`, n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(inArray(users.role, [...LEARNERS]), live))
    .groupBy(sql`1`);

/** How many rows of `table` match: one statement of a batch. */
export const countOf = (db: Db, table: SQLiteTable, where: SQL) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);

/** Requests the school has to decide on: course and membership enrolments and applications to teach (each by its status index). */
export const waitingStatements = (db: Db) =>
  [
    countOf(db, courseEnrollments, eq(courseEnrollments.status, 'pending_approval')),
    countOf(db, membershipEnrollments, eq(membershipEnrollments.status, 'pending_approval')),
    countOf(db, instructorEnrollments, eq(instructorEnrollments.status, 'pending_approval')),
  ] as const;

export const waitingView = (counts: readonly (readonly { n: number }[])[]) => {
  const [courses, memberships, applications] = counts.map((rows) => rows[0]?.n ?? 0);
  return { courseEnrollments: courses ?? 0, membershipEnrollments: memberships ?? 0, instructorApplications: applications ?? 0 };
};

/** A class is the instructor's when its instructor line names them ("Sensei Maya Ito" is Maya Ito's). */
const teaches = (instructorName: string, name: string) => !!name && instructorName.toLowerCase().includes(name.toLowerCase());

/** GET /api/dashboard/instructor: today's timetable with the caller's own classes marked, how many sessions they teach today, and the school's students by grade. */
export async function instructorHome(ctx: ServiceCtx, now = Date.now()) {
  const me = signedIn(ctx);
  const { db } = ctx;
  const zone = await schoolTimeZone(db);
  const day = schoolDay(now, zone);
  const [timetable, self, grades, sessions] = await batch(db, [
    db.select().from(classes).where(eq(classes.isActive, true)),
    db.select({ profile: users.profile }).from(users).where(eq(users.id, me.id)),
    learnersByGrade(db),
    countOf(
      db,
      classSessions,
      and(
        eq(classSessions.instructorUserId, me.id),
        eq(classSessions.status, 'scheduled'),
        gte(classSessions.startsAt, day.start),
        lt(classSessions.startsAt, day.end),
      )!,
    ),
  ]);
  const name = profileName(self[0]?.profile);
  const today = todaysSessions(timetable, now, zone).map((s) => ({ ...s, mine: teaches(s.instructorName, name) }));
  const studentsByGrade = byGrade(grades);
  return {
    name,
    classesToday: today,
    myClassesToday: today.filter((s) => s.mine).length,
    /** The dated sessions the caller teaches today: what their Today screen (the rosters) lists. */
    mySessionsToday: sessions[0]?.n ?? 0,
    students: studentsByGrade.reduce((sum, g) => sum + g.count, 0),
    studentsByGrade,
  };
}

/** GET /api/dashboard/grand-master: the school at a glance, its students by grade and what waits for a decision. */
export async function grandMasterHome(ctx: ServiceCtx) {
  signedIn(ctx);
  const { db } = ctx;
  const [roles, active, grades, ...waiting] = await batch(db, [
    db
      .select({ role: users.role, n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(inArray(users.role, [...LEARNERS, 'instructor']), live))
      .groupBy(users.role),
    countOf(db, membershipEnrollments, eq(membershipEnrollments.status, 'active')),
    learnersByGrade(db),
    ...waitingStatements(db),
  ]);
  const of = (role: string) => roles.find((r) => r.role === role)?.n ?? 0;
  return {
    overview: { students: of('student'), members: of('member'), instructors: of('instructor'), activeMemberships: active[0]?.n ?? 0 },
    studentsByGrade: byGrade(grades),
    waiting: waitingView(waiting),
  };
}
