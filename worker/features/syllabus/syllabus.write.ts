import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { gradeRank } from '#core/syllabus/grades.ts';
import { CreateSyllabusFields, UpdateSyllabusFields } from '#core/syllabus/syllabus-input.ts';
import { SYLLABUS_LIMITS as L, SYLLABUS_MESSAGES as M } from '#core/syllabus/syllabus-messages.ts';
import { syllabusItems, type NewSyllabusRow } from '#db/schema/index.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { deleteObjects, withObjects } from '#worker/lib/stored-objects.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { filesOf, firstValue, listField, type RequestBody } from '#worker/lib/body.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { linksFromForm } from './syllabus.input.ts';
import { materialRef, prepareMaterials } from './syllabus.files.ts';
import { serializeSyllabus } from './syllabus.serialize.ts';

const FIELD_NAMES = ['title', 'description', 'grade', 'category', 'isActive'] as const;

/** The item's text fields, the first value of a repeated one. */
const textFields = (fields: Record<string, unknown> | null) =>
  Object.fromEntries(FIELD_NAMES.filter((k) => fields?.[k] !== undefined).map((k) => [k, firstValue(fields![k])]));

/** POST /api/syllabus: fields, links and files are all checked before the first object is stored. */
export async function createSyllabusItem(ctx: ServiceCtx, body: RequestBody) {
  const fields = parseInput(CreateSyllabusFields, textFields(body.fields));
  const externalLinks = linksFromForm(body.fields?.externalLinks) ?? [];
  const prepared = await prepareMaterials(filesOf(body, ['materials']));
  const row: NewSyllabusRow = {
    id: newId(),
    ...fields,
    gradeRank: gradeRank(fields.grade),
    materials: prepared.map((p) => p.material),
    externalLinks,
    createdBy: signedIn(ctx).id,
  };
  const inserted = await withObjects(
    ctx.storage,
    prepared.map((p) => p.object),
    () => ctx.db.insert(syllabusItems).values(row).returning().get(),
  );
  return serializeSyllabus(ctx, inserted);
}

/**
 * PUT /api/syllabus/:id. `existingMaterials` lists the materials to keep (absent: keep all), new
 * `materials` are added; the row is written only if nobody changed it since we read it, and the
 * objects of removed materials are deleted after that write.
 */
export async function updateSyllabusItem(ctx: ServiceCtx, id: string, body: RequestBody) {
  const fields = parseInput(UpdateSyllabusFields, textFields(body.fields));
  const externalLinks = linksFromForm(body.fields?.externalLinks);
  const keep = listField(body.fields?.existingMaterials);
  const prepared = await prepareMaterials(filesOf(body, ['materials']));

  const current = await ctx.db.select().from(syllabusItems).where(eq(syllabusItems.id, id)).get();
  if (!current) throw notFound(M.notFound);
  const refs = new Set(keep?.map(materialRef));
  const kept = keep === undefined ? current.materials : current.materials.filter((m) => refs.has(m.id) || refs.has(m.key));
  if (kept.length + prepared.length > L.materialsPerItem) throw badRequest(M.tooManyMaterials);
  const removed = current.materials.filter((m) => !kept.includes(m));

  const set: Partial<NewSyllabusRow> = {
    ...fields,
    ...(fields.grade ? { gradeRank: gradeRank(fields.grade) } : {}),
    ...(externalLinks ? { externalLinks } : {}),
    materials: [...kept, ...prepared.map((p) => p.material)],
    updatedAt: new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1)),
  };
  const updated = await withObjects(
    ctx.storage,
    prepared.map((p) => p.object),
    async () => {
      const row = await ctx.db
        .update(syllabusItems)
        .set(set)
        .where(and(eq(syllabusItems.id, id), eq(syllabusItems.updatedAt, current.updatedAt)))
        .returning()
        .get();
      if (!row) throw conflict(M.changedMeanwhile);
      return row;
    },
  );
  await deleteObjects(
    ctx.storage,
    removed.map((m) => m.key),
  );
  return serializeSyllabus(ctx, updated);
}

/** DELETE /api/syllabus/:id: the row first, then its objects. */
export async function deleteSyllabusItem(ctx: ServiceCtx, id: string) {
  const row = await ctx.db
    .delete(syllabusItems)
    .where(eq(syllabusItems.id, id))
    .returning({ id: syllabusItems.id, materials: syllabusItems.materials })
    .get();
  if (!row) throw notFound(M.notFound);
  await deleteObjects(
    ctx.storage,
    row.materials.map((m) => m.key),
  );
  return { _id: row.id };
}

/** DELETE /api/syllabus {syllabusIds}: ids that do not exist are simply not counted. */
export async function bulkDeleteSyllabus(ctx: ServiceCtx, ids: string[]) {
  const rows = await ctx.db
    .delete(syllabusItems)
    .where(inArray(syllabusItems.id, [...new Set(ids)]))
    .returning({ materials: syllabusItems.materials });
  await deleteObjects(
    ctx.storage,
    rows.flatMap((r) => r.materials.map((m) => m.key)),
  );
  return { deletedCount: rows.length };
}
