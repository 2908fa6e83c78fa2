import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { CreateTestimonialSchema, TESTIMONIAL_MESSAGES, UpdateTestimonialSchema } from '#core/media/testimonial-schemas.ts';
import { testimonials, type TestimonialRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { objectUrl } from '#worker/lib/public-files.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { insertWithImage, updateWithImage, type StoredImage } from '#worker/lib/image-slot.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { filesOf, type RequestBody } from '#worker/lib/body.ts';
import { sameKey } from '#worker/lib/sql.ts';
import { PUBLIC_TESTIMONIALS, TESTIMONIALS_ORDER } from './testimonials.queries.ts';
import { removeObjects } from '#worker/lib/stored-files.ts';

export const TESTIMONIAL_PREFIX = 'testimonials';
const PHOTO_FIELDS = ['photo', 'image', 'file', 'avatar'] as const;

export const serializeTestimonial = (row: TestimonialRow) => ({
  _id: row.id,
  name: row.name,
  role: row.role,
  quote: row.quote,
  rating: row.rating,
  photo: objectUrl(row.photoKey),
  photoWidth: row.photoWidth,
  photoHeight: row.photoHeight,
  isActive: row.isActive,
  featured: row.featured,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const photoColumns = (img: StoredImage | null) => ({
  photoKey: img?.key ?? null,
  photoWidth: img?.width ?? null,
  photoHeight: img?.height ?? null,
});

type ListQuery = { page: number; limit: number; featured?: boolean | undefined; isActive?: boolean | undefined };

/** Visitors get active testimonials only; admins see all and may filter by isActive. Featured first, newest next. */
export async function listTestimonials(ctx: ServiceCtx, query: ListQuery) {
  const admin = seesHidden(ctx);
  const { rows, pagination } = await listPage(ctx.db, {
    table: testimonials,
    where: and(
      !admin ? PUBLIC_TESTIMONIALS : query.isActive === undefined ? undefined : eq(testimonials.isActive, query.isActive),
      query.featured === undefined ? undefined : eq(testimonials.featured, query.featured),
    ),
    orderBy: TESTIMONIALS_ORDER,
    page: query.page,
    limit: query.limit,
  });
  return { testimonials: rows.map(serializeTestimonial), pagination };
}

async function loadTestimonial(ctx: ServiceCtx, id: string, includeHidden: boolean) {
  const row = await ctx.db.select().from(testimonials).where(eq(testimonials.id, id)).get();
  if (!row || (!row.isActive && !includeHidden)) throw notFound(TESTIMONIAL_MESSAGES.notFound);
  return row;
}

export const getTestimonial = async (ctx: ServiceCtx, id: string) => serializeTestimonial(await loadTestimonial(ctx, id, seesHidden(ctx)));

export async function createTestimonial(ctx: ServiceCtx, input: RequestBody) {
  const { removePhoto: _ignored, ...data } = parseInput(CreateTestimonialSchema, input.fields);
  const [file] = filesOf(input, PHOTO_FIELDS);
  const row = await insertWithImage(ctx, TESTIMONIAL_PREFIX, file, (image) =>
    ctx.db
      .insert(testimonials)
      .values({
        id: newId(),
        name: data.name,
        quote: data.quote,
        role: data.role ?? '',
        rating: data.rating ?? null,
        isActive: data.isActive ?? true,
        featured: data.featured ?? false,
        ...photoColumns(image),
      })
      .returning()
      .get(),
  );
  return serializeTestimonial(row);
}

/** PUT: the fields sent change; a new `photo` replaces the old one, `removePhoto=true` clears it. */
export async function updateTestimonial(ctx: ServiceCtx, id: string, input: RequestBody) {
  const { removePhoto, ...data } = parseInput(UpdateTestimonialSchema, input.fields);
  const current = await loadTestimonial(ctx, id, true);
  const [file] = filesOf(input, PHOTO_FIELDS);
  const row = await updateWithImage(ctx, {
    prefix: TESTIMONIAL_PREFIX,
    file,
    remove: removePhoto,
    oldKey: current.photoKey,
    notFoundMessage: TESTIMONIAL_MESSAGES.notFound,
    exists: async () => !!(await ctx.db.select({ id: testimonials.id }).from(testimonials).where(eq(testimonials.id, id)).get()),
    update: (image) =>
      ctx.db
        .update(testimonials)
        .set({ ...data, ...(image === undefined ? {} : photoColumns(image)), updatedAt: new Date() })
        .where(and(eq(testimonials.id, id), sameKey(testimonials.photoKey, current.photoKey)))
        .returning()
        .get(),
  });
  return serializeTestimonial(row);
}

export async function deleteTestimonial(ctx: ServiceCtx, id: string) {
  const row = await ctx.db
    .delete(testimonials)
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id, photoKey: testimonials.photoKey })
    .get();
  if (!row) throw notFound(TESTIMONIAL_MESSAGES.notFound);
  await removeObjects(ctx.storage, [row.photoKey]);
  return { _id: row.id };
}

export async function bulkDeleteTestimonials(ctx: ServiceCtx, testimonialIds: string[]) {
  const rows = await ctx.db
    .delete(testimonials)
    .where(inArray(testimonials.id, testimonialIds))
    .returning({ photoKey: testimonials.photoKey });
  await removeObjects(
    ctx.storage,
    rows.map((r) => r.photoKey),
  );
  return { deletedCount: rows.length };
}
