import { eq, inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { newId } from '#core/ids.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import type { PublicPrefix } from '#worker/lib/public-files.ts';
import { catalogDbError, mapDbErrors } from './db.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { shiftedEnd } from './dated.ts';
import { removeObjects } from '#worker/lib/stored-files.ts';
import { type CheckedImage, withStoredImage } from './image.ts';

type DatedTable = SQLiteTable & { id: SQLiteColumn; image: SQLiteColumn; startsAt: SQLiteColumn; endsAt: SQLiteColumn };
type DatedInput = {
  title?: string | undefined;
  startsAt?: Date | undefined;
  endsAt?: Date | null | undefined;
  removeImage?: boolean | undefined;
};

/**
 * Writes of a dated catalog item (events, seminars): one set of date and picture rules, the table,
 * key prefix, messages and field names given by the feature. `renames` maps an input field to its
 * column (`price` → `priceCents`, already in cents).
 */
export function datedWrites<
  T extends DatedTable,
  Create extends DatedInput & { title: string; startsAt: Date },
  Update extends DatedInput,
  Dto,
>(def: {
  table: T;
  prefix: PublicPrefix;
  messages: { notFound: string; nothingToUpdate: string };
  dbErrors: Parameters<typeof catalogDbError>[1];
  serialize: (row: T['$inferSelect']) => Dto;
  renames?: Record<string, string>;
}) {
  const { table, prefix, messages, dbErrors, serialize } = def;
  type Row = T['$inferSelect'];
  const byId = (id: string) => eq(table.id, id);

  /** The given fields as columns; undefined means "leave as is". */
  function columns(input: DatedInput): Record<string, unknown> {
    const { removeImage: _ignored, ...rest } = input;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) if (value !== undefined) out[def.renames?.[key] ?? key] = value;
    return out;
  }

  /** POST: without an end date the item ends when it starts. */
  async function create(ctx: ServiceCtx, input: Create, image: CheckedImage | null) {
    return withStoredImage(ctx.storage, prefix, image, async (imageKey) => {
      const values = {
        ...columns(input),
        id: newId(),
        title: input.title,
        startsAt: input.startsAt,
        endsAt: input.endsAt ?? input.startsAt,
        image: imageKey,
      };
      const row = await mapDbErrors(
        () =>
          ctx.db
            .insert(table)
            .values(values as T['$inferInsert'])
            .returning()
            .get(),
        dbErrors,
      );
      return serialize(row as Row);
    });
  }

  /**
   * PUT /:id. A new start alone moves the end along (same duration), a blank end means "ends when it
   * starts", an end alone is checked against the stored start by the database.
   */
  async function update(ctx: ServiceCtx, id: string, input: Update, image: CheckedImage | null) {
    const given = columns(input);
    const touchesImage = image !== null || input.removeImage === true;
    if (!Object.keys(given).length && !touchesImage) throw badRequest(messages.nothingToUpdate);
    const { row, previous } = await withStoredImage(ctx.storage, prefix, image, async (imageKey) => {
      const set: Record<string, unknown> = { ...given, updatedAt: new Date() };
      if (input.endsAt === null) set.endsAt = input.startsAt ?? sql`${table.startsAt}`;
      else if (input.startsAt && !input.endsAt) set.endsAt = shiftedEnd(input.startsAt, table);
      if (touchesImage) set.image = imageKey;
      const [before, updated] = await mapDbErrors(
        () =>
          ctx.db.batch([
            ctx.db.select({ image: table.image }).from(table).where(byId(id)),
            ctx.db
              .update(table)
              .set(set as SQLiteUpdateSetSource<T>)
              .where(byId(id))
              .returning(),
          ]),
        dbErrors,
      );
      if (!updated[0]) throw notFound(messages.notFound);
      return { row: updated[0] as Row, previous: (before[0]?.image as string | null | undefined) ?? null };
    });
    if (touchesImage && previous !== row.image) await removeObjects(ctx.storage, [previous]);
    return serialize(row);
  }

  /** DELETE /:id: the row first, then its picture. */
  async function remove(ctx: ServiceCtx, id: string) {
    const row = (await ctx.db.delete(table).where(byId(id)).returning({ id: table.id, image: table.image }).get()) as Gone | undefined;
    if (!row) throw notFound(messages.notFound);
    await removeObjects(ctx.storage, [row.image]);
    return { _id: row.id };
  }

  /** Bulk DELETE: one statement; unknown ids are skipped and not counted. */
  async function removeMany(ctx: ServiceCtx, ids: string[]) {
    const rows = (await ctx.db.delete(table).where(inArray(table.id, ids)).returning({ id: table.id, image: table.image })) as Gone[];
    await removeObjects(
      ctx.storage,
      rows.map((r) => r.image),
    );
    return { deletedCount: rows.length, deletedIds: rows.map((r) => r.id) };
  }

  return { create, update, remove, removeMany };
}

type Gone = { id: string; image: string | null };
