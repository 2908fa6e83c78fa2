import { eq, inArray, sql } from 'drizzle-orm';
import { type CreateSeminarInput, SEMINAR_MESSAGES, type UpdateSeminarInput } from '#core/catalog/seminar-schemas.ts';
import { newId } from '#core/ids.ts';
import { type NewSeminarRow, seminars } from '#db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { mapDbErrors } from '../courses/catalog-db.ts';
import type { CatalogCtx } from '../courses/catalog-ctx.ts';
import { shiftedEnd } from '../courses/catalog-dated.ts';
import { type CheckedImage, deleteImages, withStoredImage } from '../courses/catalog-image.ts';
import { serializeSeminar } from './seminars.serialize.ts';

const SEMINAR_DB_ERRORS = {
  checks: { seminars_end_after_start: SEMINAR_MESSAGES.endBeforeStart, seminars_price_nonnegative: 'Price must be 0 or more' },
};

/** The given fields as columns (price already in cents); undefined means "leave as is". */
function seminarColumns(input: UpdateSeminarInput): Partial<NewSeminarRow> {
  const { removeImage: _ignored, price, ...rest } = input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) out[key] = value;
  if (price !== undefined) out.priceCents = price;
  return out as Partial<NewSeminarRow>;
}

export async function createSeminar({ ctx, input, image }: { ctx: CatalogCtx; input: CreateSeminarInput; image: CheckedImage | null }) {
  return withStoredImage(ctx.storage, 'seminars', image, async (imageKey) => {
    const row = await mapDbErrors(
      () =>
        ctx.db
          .insert(seminars)
          .values({
            ...seminarColumns(input),
            id: newId(),
            title: input.title,
            startsAt: input.startsAt,
            endsAt: input.endsAt ?? input.startsAt,
            image: imageKey,
          })
          .returning()
          .get(),
      SEMINAR_DB_ERRORS,
    );
    return serializeSeminar(row);
  });
}

/** PUT /api/seminars/:id, with the same date rules as events. */
export async function updateSeminar({
  ctx,
  id,
  input,
  image,
}: {
  ctx: CatalogCtx;
  id: string;
  input: UpdateSeminarInput;
  image: CheckedImage | null;
}) {
  const columns = seminarColumns(input);
  const touchesImage = image !== null || input.removeImage === true;
  if (!Object.keys(columns).length && !touchesImage) throw badRequest(SEMINAR_MESSAGES.nothingToUpdate);
  const { row, previous } = await withStoredImage(ctx.storage, 'seminars', image, async (imageKey) => {
    const set: Record<string, unknown> = { ...columns, updatedAt: new Date() };
    if (input.endsAt === null) set.endsAt = input.startsAt ?? sql`${seminars.startsAt}`;
    else if (input.startsAt && !input.endsAt) set.endsAt = shiftedEnd(input.startsAt, seminars);
    if (touchesImage) set.image = imageKey;
    const [before, updated] = await mapDbErrors(
      () =>
        ctx.db.batch([
          ctx.db.select({ image: seminars.image }).from(seminars).where(eq(seminars.id, id)),
          ctx.db.update(seminars).set(set).where(eq(seminars.id, id)).returning(),
        ]),
      SEMINAR_DB_ERRORS,
    );
    if (!updated[0]) throw notFound(SEMINAR_MESSAGES.notFound);
    return { row: updated[0], previous: before[0]?.image ?? null };
  });
  if (touchesImage && previous !== row.image) await deleteImages(ctx.storage, [previous]);
  return serializeSeminar(row);
}

export async function deleteSeminar({ ctx, id }: { ctx: CatalogCtx; id: string }) {
  const row = await ctx.db.delete(seminars).where(eq(seminars.id, id)).returning({ id: seminars.id, image: seminars.image }).get();
  if (!row) throw notFound(SEMINAR_MESSAGES.notFound);
  await deleteImages(ctx.storage, [row.image]);
  return { _id: row.id };
}

export async function bulkDeleteSeminars({ ctx, ids }: { ctx: CatalogCtx; ids: string[] }) {
  const rows = await ctx.db.delete(seminars).where(inArray(seminars.id, ids)).returning({ id: seminars.id, image: seminars.image });
  await deleteImages(
    ctx.storage,
    rows.map((r) => r.image),
  );
  return { deletedCount: rows.length, deletedIds: rows.map((r) => r.id) };
}
