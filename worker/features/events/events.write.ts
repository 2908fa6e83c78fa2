import { eq, inArray, sql } from 'drizzle-orm';
import { type CreateEventInput, EVENT_MESSAGES, type UpdateEventInput } from '#core/catalog/event-schemas.ts';
import { newId } from '#core/ids.ts';
import { events, type NewEventRow } from '#db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { mapDbErrors } from '../courses/catalog-db.ts';
import type { CatalogCtx } from '../courses/catalog-ctx.ts';
import { shiftedEnd } from '../courses/catalog-dated.ts';
import { type CheckedImage, deleteImages, withStoredImage } from '../courses/catalog-image.ts';
import { serializeEvent } from './events.serialize.ts';

const EVENT_DB_ERRORS = { checks: { events_end_after_start: EVENT_MESSAGES.endBeforeStart } };

function eventColumns(input: UpdateEventInput): Partial<NewEventRow> {
  const { removeImage: _ignored, ...rest } = input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) out[key] = value;
  return out as Partial<NewEventRow>;
}

/** POST /api/events: without an end date the event ends when it starts. */
export async function createEvent({ ctx, input, image }: { ctx: CatalogCtx; input: CreateEventInput; image: CheckedImage | null }) {
  return withStoredImage(ctx.storage, 'events', image, async (imageKey) => {
    const row = await mapDbErrors(
      () =>
        ctx.db
          .insert(events)
          .values({
            ...eventColumns(input),
            id: newId(),
            title: input.title,
            startsAt: input.startsAt,
            endsAt: input.endsAt ?? input.startsAt,
            image: imageKey,
          })
          .returning()
          .get(),
      EVENT_DB_ERRORS,
    );
    return serializeEvent(row);
  });
}

/**
 * PUT /api/events/:id. A new start alone moves the end along (same duration), a blank end means "ends
 * when it starts", an end alone is checked against the stored start by the database.
 */
export async function updateEvent({
  ctx,
  id,
  input,
  image,
}: {
  ctx: CatalogCtx;
  id: string;
  input: UpdateEventInput;
  image: CheckedImage | null;
}) {
  const columns = eventColumns(input);
  const touchesImage = image !== null || input.removeImage === true;
  if (!Object.keys(columns).length && !touchesImage) throw badRequest(EVENT_MESSAGES.nothingToUpdate);
  const { row, previous } = await withStoredImage(ctx.storage, 'events', image, async (imageKey) => {
    const set: Record<string, unknown> = { ...columns, updatedAt: new Date() };
    if (input.endsAt === null) set.endsAt = input.startsAt ?? sql`${events.startsAt}`;
    else if (input.startsAt && !input.endsAt) set.endsAt = shiftedEnd(input.startsAt, events);
    if (touchesImage) set.image = imageKey;
    const [before, updated] = await mapDbErrors(
      () =>
        ctx.db.batch([
          ctx.db.select({ image: events.image }).from(events).where(eq(events.id, id)),
          ctx.db.update(events).set(set).where(eq(events.id, id)).returning(),
        ]),
      EVENT_DB_ERRORS,
    );
    if (!updated[0]) throw notFound(EVENT_MESSAGES.notFound);
    return { row: updated[0], previous: before[0]?.image ?? null };
  });
  if (touchesImage && previous !== row.image) await deleteImages(ctx.storage, [previous]);
  return serializeEvent(row);
}

export async function deleteEvent({ ctx, id }: { ctx: CatalogCtx; id: string }) {
  const row = await ctx.db.delete(events).where(eq(events.id, id)).returning({ id: events.id, image: events.image }).get();
  if (!row) throw notFound(EVENT_MESSAGES.notFound);
  await deleteImages(ctx.storage, [row.image]);
  return { _id: row.id };
}

export async function bulkDeleteEvents({ ctx, ids }: { ctx: CatalogCtx; ids: string[] }) {
  const rows = await ctx.db.delete(events).where(inArray(events.id, ids)).returning({ id: events.id, image: events.image });
  await deleteImages(
    ctx.storage,
    rows.map((r) => r.image),
  );
  return { deletedCount: rows.length, deletedIds: rows.map((r) => r.id) };
}
