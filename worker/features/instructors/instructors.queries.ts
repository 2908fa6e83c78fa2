import { eq } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { isAdminCapable } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import { instructorEnrollments, users, type InstructorEnrollmentRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeInstructorEnrollment, type ApplicantRow } from './instructors.serialize.ts';

/** The columns of the applicant every enrolment answer shows. */
export const applicantColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  profile: users.profile,
  studentId: users.studentId,
  membershipId: users.membershipId,
  instructorId: users.instructorId,
  profilePicture: users.profilePicture,
};

export type Loaded = { row: InstructorEnrollmentRow; user: ApplicantRow };

export const withApplicant = (db: Db) =>
  db
    .select({ row: instructorEnrollments, user: applicantColumns })
    .from(instructorEnrollments)
    .innerJoin(users, eq(users.id, instructorEnrollments.userId));

export const loadEnrollment = (db: Db, id: string): Promise<Loaded | undefined> =>
  withApplicant(db).where(eq(instructorEnrollments.id, id)).get();

/** An enrolment the school may act on; 404 when there is none. */
export async function existing(ctx: ServiceCtx, id: string): Promise<Loaded> {
  const found = await loadEnrollment(ctx.db, id);
  if (!found) throw notFound(ENROLLMENT_MESSAGES.notFound);
  return found;
}

/** The owner's or the school's; anyone else gets the same 404 as for an id that does not exist. */
export async function visibleEnrollment(ctx: ServiceCtx, id: string): Promise<Loaded> {
  const user = signedIn(ctx);
  const found = await loadEnrollment(ctx.db, id);
  if (!found || (found.row.userId !== user.id && !isAdminCapable(user.role))) throw notFound(ENROLLMENT_MESSAGES.notFound);
  return found;
}

export const viewOf = ({ row, user }: Loaded) => serializeInstructorEnrollment(row, user);

/** The enrolment as it stands now, for the answer after a move. */
export async function currentView(ctx: ServiceCtx, id: string) {
  return viewOf(await existing(ctx, id));
}
