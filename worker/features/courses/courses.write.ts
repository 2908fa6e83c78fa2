import { eq, inArray, or, like, sql } from 'drizzle-orm';
import { COURSE_MESSAGES, type CreateCourseInput, type UpdateCourseInput } from '#core/catalog/course-schemas.ts';
import { nextFreeSlug, slugify } from '#core/slug.ts';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { courses, type NewCourseRow } from '#db/schema/index.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { catalogDbError, mapDbErrors } from '#worker/lib/catalog/db.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { type CheckedImage, withStoredImage } from '#worker/lib/catalog/image.ts';
import { removeObjects } from '#worker/lib/stored-files.ts';
import { defaultTaxRateBpSql } from '#worker/lib/shop-terms.ts';
import { serializeCourse } from './courses.serialize.ts';

export const COURSE_DB_ERRORS = {
  checks: {
    courses_discount_within_price: COURSE_MESSAGES.discountAbovePrice,
    courses_price_nonnegative: 'Price must be 0 or more',
  },
  unique: { 'courses.slug': COURSE_MESSAGES.slugTaken },
  foreignKey: 'This course still has enrolments: deactivate it instead of deleting it',
};

/** The given fields as columns (decimals are already cents); undefined means "leave as is". */
function courseColumns(input: UpdateCourseInput): Partial<NewCourseRow> {
  const { price, discountPrice, gstRate, removeImage: _ignored, ...rest } = input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) out[key] = value;
  if (price !== undefined) out.priceCents = price;
  if (discountPrice !== undefined) out.discountPriceCents = discountPrice;
  if (gstRate !== undefined) out.gstRateBp = gstRate;
  return out as Partial<NewCourseRow>;
}

async function freeSlug(db: Db, title: string): Promise<string> {
  const base = slugify(title, 'course');
  const taken = await db
    .select({ slug: courses.slug })
    .from(courses)
    .where(or(eq(courses.slug, base), like(courses.slug, `${base}-%`)));
  return nextFreeSlug(
    base,
    taken.map((r) => r.slug),
  );
}

const isSlugTaken = (err: unknown) => catalogDbError(err, { unique: COURSE_DB_ERRORS.unique }) !== undefined;

/** POST /api/courses. A generated slug that another request took meanwhile is simply recomputed. */
export async function createCourse(ctx: ServiceCtx, input: CreateCourseInput, image: CheckedImage | null) {
  return withStoredImage(ctx.storage, 'courses', image, async (imageKey) => {
    for (let attempt = 0; ; attempt++) {
      const slug = input.slug ?? (await freeSlug(ctx.db, input.title));
      try {
        const row = await ctx.db
          .insert(courses)
          .values({ gstRateBp: defaultTaxRateBpSql, ...courseColumns(input), id: newId(), title: input.title, slug, image: imageKey })
          .returning()
          .get();
        return serializeCourse(row);
      } catch (err) {
        if (!input.slug && attempt < 3 && isSlugTaken(err)) continue;
        throw catalogDbError(err, COURSE_DB_ERRORS) ?? err;
      }
    }
  });
}

/**
 * PUT /api/courses/:id. The old picture is read in the same batch as the update (one transaction),
 * and deleted only once the row points at the new one (or at none, with removeImage).
 */
export async function updateCourse(ctx: ServiceCtx, id: string, input: UpdateCourseInput, image: CheckedImage | null) {
  const columns = courseColumns(input);
  const touchesImage = image !== null || input.removeImage === true;
  if (!Object.keys(columns).length && !touchesImage) throw badRequest(COURSE_MESSAGES.nothingToUpdate);
  const { row, previous } = await withStoredImage(ctx.storage, 'courses', image, async (imageKey) => {
    const set: Partial<NewCourseRow> = { ...columns, updatedAt: new Date() };
    if (touchesImage) set.image = imageKey;
    const [before, updated] = await mapDbErrors(
      () =>
        ctx.db.batch([
          ctx.db.select({ image: courses.image }).from(courses).where(eq(courses.id, id)),
          ctx.db.update(courses).set(set).where(eq(courses.id, id)).returning(),
        ]),
      COURSE_DB_ERRORS,
    );
    const row = updated[0];
    if (!row) throw notFound(COURSE_MESSAGES.notFound);
    return { row, previous: before[0]?.image ?? null };
  });
  if (touchesImage && previous !== row.image) await removeObjects(ctx.storage, [previous]);
  return serializeCourse(row);
}

/** DELETE /api/courses/:id: the row first, then its picture. */
export async function deleteCourse(ctx: ServiceCtx, id: string) {
  const row = await mapDbErrors(
    () => ctx.db.delete(courses).where(eq(courses.id, id)).returning({ id: courses.id, image: courses.image }).get(),
    COURSE_DB_ERRORS,
  );
  if (!row) throw notFound(COURSE_MESSAGES.notFound);
  await removeObjects(ctx.storage, [row.image]);
  return { _id: row.id };
}

/** DELETE /api/courses {courseIds}: one statement; unknown ids are skipped and not counted. */
export async function bulkDeleteCourses(ctx: ServiceCtx, ids: string[]) {
  const rows = await mapDbErrors(
    () => ctx.db.delete(courses).where(inArray(courses.id, ids)).returning({ id: courses.id, image: courses.image }),
    COURSE_DB_ERRORS,
  );
  await removeObjects(
    ctx.storage,
    rows.map((r) => r.image),
  );
  return { deletedCount: rows.length, deletedIds: rows.map((r) => r.id) };
}

/** PATCH /api/courses/:id/toggle-status: flipped by the database in one statement, never read-then-write. */
export async function toggleCourseStatus(ctx: ServiceCtx, id: string) {
  const row = await ctx.db
    .update(courses)
    .set({ isActive: sql`case when ${courses.isActive} then 0 else 1 end`, updatedAt: new Date() })
    .where(eq(courses.id, id))
    .returning()
    .get();
  if (!row) throw notFound(COURSE_MESSAGES.notFound);
  return serializeCourse(row);
}
