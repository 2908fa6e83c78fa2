import { and, inArray, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { instructorEnrollments as ie, users } from '#db/schema/index.ts';

/** Approved or active, instructor active: the enrolment state in which its user holds the instructor role (spec 4). */
export const HOLDS_INSTRUCTOR_ROLE = sql`${ie.status} in ('approved', 'active') and ${ie.instructorStatus} = 'active'`;

export const APPOINTED_NOTE = 'Appointed by the school';
const ROLE_CHANGED_NOTE = "The school changed this person's role";

/**
 * The users API may make someone an instructor or take the role away (create, edit, bulk edit). These
 * statements, run in the same batch after the user's own, keep spec 4's rule — the role only with an
 * approved or active instructor enrolment — whatever the path: an instructor gets their live enrolment
 * made to hold the role (a pending application approved, a suspension lifted) or a new one "appointed by
 * the school"; someone no longer an instructor has the enrolment that held the role completed. Each is
 * gated on the user's role after the write, so running them again changes nothing.
 */
export function instructorRecordStatements(
  db: Db,
  { userIds, at, actorId, previousRole }: { userIds: string[]; at: Date; actorId: string; previousRole?: string },
) {
  if (userIds.length === 0) return [];
  const asInstructor = sql`exists (select 1 from ${users} where ${users.id} = ${ie.userId} and ${users.role} = 'instructor')`;
  const complete = db
    .update(ie)
    .set({ status: 'completed', instructorStatus: 'inactive', completedAt: at, completionNotes: ROLE_CHANGED_NOTE, updatedAt: at })
    .where(and(inArray(ie.userId, userIds), HOLDS_INSTRUCTOR_ROLE, sql`not ${asInstructor}`));
  const holdRole = db
    .update(ie)
    .set({
      status: sql`case when ${ie.status} = 'pending_approval' then 'approved' else ${ie.status} end`,
      reactivatedAt: sql`case when ${ie.instructorStatus} = 'suspended' then ${at.getTime()} else ${ie.reactivatedAt} end`,
      reactivateReason: sql`case when ${ie.instructorStatus} = 'suspended' then ${APPOINTED_NOTE} else ${ie.reactivateReason} end`,
      instructorStatus: 'active',
      approvedAt: sql`coalesce(${ie.approvedAt}, ${at.getTime()})`,
      approvedBy: sql`coalesce(${ie.approvedBy}, ${actorId})`,
      approvalNotes: sql`coalesce(${ie.approvalNotes}, ${APPOINTED_NOTE})`,
      instructorId: sql`(select ${users.instructorId} from ${users} where ${users.id} = ${ie.userId})`,
      updatedAt: at,
    })
    .where(
      and(
        inArray(ie.userId, userIds),
        sql`${ie.status} in ('pending_approval', 'approved', 'active')`,
        sql`not (${HOLDS_INSTRUCTOR_ROLE})`,
        asInstructor,
      ),
    );
  const from = previousRole && previousRole !== 'instructor' ? previousRole : 'student';
  const appoint = userIds.map((userId) =>
    db.run(sql`insert into ${ie} (id, user_id, status, instructor_status, instructor_type, instructor_id, previous_role, grade, phone, approved_at, approved_by, approval_notes, created_at, updated_at)
      select ${newId()}, ${users.id}, 'active', 'active', 'instructor', ${users.instructorId}, ${from},
        coalesce(json_extract(${users.profile}, '$.grade'), ''), coalesce(json_extract(${users.profile}, '$.phone'), ''),
        ${at.getTime()}, ${actorId}, ${APPOINTED_NOTE}, ${at.getTime()}, ${at.getTime()}
      from ${users}
      where ${users.id} = ${userId} and ${users.role} = 'instructor'
        and not exists (select 1 from ${ie} where ${ie.userId} = ${userId} and ${ie.status} in ('pending_approval', 'approved', 'active'))`),
  );
  return [complete, holdRole, ...appoint] as const;
}
