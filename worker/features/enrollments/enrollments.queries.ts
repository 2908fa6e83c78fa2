import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { courseEnrollments, courses, users } from '#db/schema/index.ts';
import { mustExist, mustSee } from '#worker/lib/enrolment/moves.ts';
import { ownerColumns } from '#worker/lib/enrollment-views.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeCourseEnrollment } from './enrollments.serialize.ts';

/** The columns a view needs: the enrolment, its owner and its course (gone when the course was deleted). */
export const viewColumns = {
  enrollment: courseEnrollments,
  user: ownerColumns,
  course: { id: courses.id, title: courses.title, slug: courses.slug, image: courses.image, durationWeeks: courses.durationWeeks },
};

/** The select the views are read through (one round trip: enrolment, user and course joined). */
export const viewSelect = (db: Db, where: SQL | undefined) =>
  db
    .select(viewColumns)
    .from(courseEnrollments)
    .innerJoin(users, eq(users.id, courseEnrollments.userId))
    .leftJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .where(where);

export type ViewRow = Awaited<ReturnType<typeof viewSelect>>[number];
export const toView = (r: ViewRow) => serializeCourseEnrollment(r.enrollment, r.user, r.course);

export const loadEnrollment = (db: Db, id: string) => viewSelect(db, eq(courseEnrollments.id, id)).get();

/** The caller's own enrolment or their child's, or (unless `ownerOnly`: renew, retry) any for an admin-capable caller; 404 for everyone else. */
export async function visibleEnrollment(ctx: ServiceCtx, id: string, ownerOnly = false): Promise<ViewRow> {
  const found = await loadEnrollment(ctx.db, id);
  await mustSee(ctx, found?.enrollment.userId, ownerOnly);
  return found!;
}

export const enrollmentView = async (db: Db, id: string) => toView(mustExist(await loadEnrollment(db, id)));
