/**
 * The user-row statements that follow a move, run in the move's own batch (decision 012). Each is
 * gated twice: on the enrolment's new state (EXISTS), and on the role the user holds now, so the
 * loser of a race (whose move wrote nothing) changes nothing and the role and tokenVersion change once.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { instructorEnrollments as ie, users } from '#db/schema/index.ts';
import { HOLDS_INSTRUCTOR_ROLE } from '#worker/lib/instructor-record.ts';
import { bumpTokenVersion, nextLoginIdSql } from '#worker/lib/user-sql.ts';

/** The roles that may apply, so the ones approval turns into instructor (never an admin made one meanwhile). */
export const APPLICANT_ROLES = ['student', 'member'] as const;

const enrollmentWhere = (enrollmentId: string, state: SQL) =>
  sql`exists (select 1 from ${ie} where ${ie.id} = ${enrollmentId} and ${state})`;

/** Approved or active, instructor active: the state in which the user holds the role (spec 4). */
export const HOLDS_ROLE = HOLDS_INSTRUCTOR_ROLE;

/** Makes the applicant an instructor (the next INS-NNNN when they have none) once their enrolment holds the role. */
export const takeRoleStatement = (db: Db, enrollmentId: string, userId: string, at: Date) =>
  db
    .update(users)
    .set({
      role: 'instructor',
      instructorId: sql`coalesce(${users.instructorId}, ${nextLoginIdSql('instructor')!.value})`,
      tokenVersion: bumpTokenVersion,
      updatedAt: at,
    })
    .where(and(eq(users.id, userId), inArray(users.role, [...APPLICANT_ROLES]), enrollmentWhere(enrollmentId, HOLDS_ROLE)));

/** Gives back the role kept on the enrolment once it no longer holds the instructor role (`state`). */
export const giveRoleBackStatement = (db: Db, enrollmentId: string, userId: string, at: Date, state: SQL) =>
  db
    .update(users)
    .set({
      role: sql`(select ${ie.previousRole} from ${ie} where ${ie.id} = ${enrollmentId})`,
      tokenVersion: bumpTokenVersion,
      updatedAt: at,
    })
    .where(and(eq(users.id, userId), eq(users.role, 'instructor'), enrollmentWhere(enrollmentId, state)));

/** Copies the user's instructor ID onto the enrolment (it is the record of the engagement). */
export const copyInstructorIdStatement = (db: Db, enrollmentId: string, userId: string) =>
  db
    .update(ie)
    .set({ instructorId: sql`(select ${users.instructorId} from ${users} where ${users.id} = ${userId})` })
    .where(and(eq(ie.id, enrollmentId), HOLDS_ROLE));
