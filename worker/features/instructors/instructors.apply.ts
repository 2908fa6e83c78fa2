import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { ENROLLMENT_MESSAGES, INSTRUCTOR_MOVES } from '#core/enrollments/enrollment-status.ts';
import { ApplyInstructorSchema } from '#core/enrollments/instructor-schemas.ts';
import { instructorEnrollments } from '#db/schema/index.ts';
import { filesOf, listField, type RequestBody } from '#worker/lib/body.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { conflict, forbidden } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { withObjects } from '#worker/lib/stored-objects.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { checkedDocuments } from '#worker/lib/enrollment-documents.ts';
import { tellSchool } from './instructors.notify.ts';
import { currentView } from './instructors.queries.ts';
import { APPLICANT_ROLES } from './instructors.role.ts';

/** The form's fields for zod: specialties as a list (repeated fields, `specialties[]`, JSON or comma-separated text). */
function fieldsOf(body: RequestBody) {
  const { specialties, ...rest } = body.fields;
  const list = listField(specialties);
  return parseInput(ApplyInstructorSchema, { ...rest, ...(list ? { specialties: list } : {}) });
}

/** Live = not cancelled or completed (the statuses the applicant can still cancel; the index's WHERE). */
const LIVE_INSTRUCTOR_STATUSES = INSTRUCTOR_MOVES.userCancel;

const liveApplication = (ctx: ServiceCtx, userId: string) =>
  ctx.db
    .select({ id: instructorEnrollments.id })
    .from(instructorEnrollments)
    .where(and(eq(instructorEnrollments.userId, userId), inArray(instructorEnrollments.status, [...LIVE_INSTRUCTOR_STATUSES])))
    .get();

/**
 * POST /api/instructors: a student or member applies to teach. The documents go to R2 first and are
 * removed again if the row cannot be written; the live-application unique index refuses a second one
 * (also under parallel requests) with a 409.
 */
export async function applyInstructor(ctx: ServiceCtx, body: RequestBody) {
  const user = signedIn(ctx);
  if (!(APPLICANT_ROLES as readonly string[]).includes(user.role)) throw forbidden(ENROLLMENT_MESSAGES.cannotApply);
  const input = fieldsOf(body);
  // Spares storing documents for a refusal; the unique index below still decides under parallel requests.
  if (await liveApplication(ctx, user.id)) throw conflict(ENROLLMENT_MESSAGES.alreadyApplied);
  const id = newId();
  const { objects, documents } = await checkedDocuments(filesOf(body, ['documents']), `instructors/${id}`, { kind: 'instructor', id });
  try {
    await withObjects(ctx.storage, objects, () =>
      ctx.db.insert(instructorEnrollments).values({
        id,
        userId: user.id,
        status: 'pending_approval',
        instructorStatus: 'pending',
        previousRole: user.role,
        ...input,
        documents,
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ENROLLMENT_MESSAGES.alreadyApplied);
    throw err;
  }
  const view = await currentView(ctx, id);
  tellSchool(ctx, view);
  return view;
}
