import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { fileUploads, type NewFileUploadRow } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { deleteObjects, withObjects } from '#worker/lib/stored-objects.ts';
import { fileRef, prepareExcel, prepareImages } from './file-uploads.files.ts';
import { CreateFileUploadFields, FILE_UPLOAD_MESSAGES as M, UpdateFileUploadFields } from './file-uploads.input.ts';
import { serializeFileUpload } from './file-uploads.serialize.ts';
import { filesOf, firstValue, listField, type RequestBody } from '#worker/lib/body.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { parseInput } from '#worker/lib/validate.ts';

const TEXT_FIELDS = ['title', 'description', 'category', 'isPublished'] as const;

/** Text fields (the first value of a repeated one) plus `tags` (repeated fields, a JSON list or comma-separated text). */
function parseFields<S extends typeof CreateFileUploadFields | typeof UpdateFileUploadFields>(schema: S, body: RequestBody) {
  const fields = body.fields ?? {};
  const tags = listField(fields.tags);
  const text = Object.fromEntries(TEXT_FIELDS.filter((k) => fields[k] !== undefined).map((k) => [k, firstValue(fields[k])]));
  return parseInput(schema, { ...text, ...(tags ? { tags } : {}) }) as ReturnType<S['parse']>;
}

/** POST /api/file-uploads: every file is checked before the first one is stored; `uploadedBy` is the caller. */
export async function createFileUpload(ctx: ServiceCtx, body: RequestBody) {
  const fields = parseFields(CreateFileUploadFields, body);
  const excel = await prepareExcel(filesOf(body, ['excelFile']));
  const images = await prepareImages(filesOf(body, ['images']));
  const row: NewFileUploadRow = {
    id: newId(),
    ...fields,
    excelFile: excel?.file ?? null,
    images: images.map((i) => i.file),
    uploadedBy: signedIn(ctx).id,
  };
  const objects = [...(excel ? [excel.object] : []), ...images.map((i) => i.object)];
  const inserted = await withObjects(ctx.storage, objects, () => ctx.db.insert(fileUploads).values(row).returning().get());
  return serializeFileUpload(inserted);
}

/**
 * PUT /api/file-uploads/:id. `existingExcelFile` / `existingImages` name what to keep (absent: keep
 * all; sent empty: keep none); a new `excelFile` replaces the old one; new `images` are added.
 * Objects no longer referenced are deleted after the row is written.
 */
export async function updateFileUpload(ctx: ServiceCtx, id: string, body: RequestBody) {
  const fields = parseFields(UpdateFileUploadFields, body);
  const keepExcel = firstValue(body.fields?.existingExcelFile);
  const keepImages = listField(body.fields?.existingImages);
  const excel = await prepareExcel(filesOf(body, ['excelFile']));
  const newImageFiles = filesOf(body, ['images']);

  const current = await ctx.db.select().from(fileUploads).where(eq(fileUploads.id, id)).get();
  if (!current) throw notFound(M.notFound);
  const refs = new Set(keepImages?.map(fileRef));
  const keptImages = keepImages === undefined ? current.images : current.images.filter((img) => refs.has(img.key));
  const images = await prepareImages(newImageFiles, keptImages.length);
  const keptExcel =
    excel || (keepExcel !== undefined && fileRef(String(keepExcel).trim()) !== current.excelFile?.key) ? null : current.excelFile;
  const nextExcel = excel?.file ?? keptExcel;

  const removed = [
    ...current.images.filter((img) => !keptImages.includes(img)).map((img) => img.key),
    ...(current.excelFile && current.excelFile !== nextExcel ? [current.excelFile.key] : []),
  ];
  const objects = [...(excel ? [excel.object] : []), ...images.map((i) => i.object)];
  const updated = await withObjects(ctx.storage, objects, async () => {
    const row = await ctx.db
      .update(fileUploads)
      .set({
        ...fields,
        excelFile: nextExcel,
        images: [...keptImages, ...images.map((i) => i.file)],
        updatedAt: new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1)),
      })
      .where(and(eq(fileUploads.id, id), eq(fileUploads.updatedAt, current.updatedAt)))
      .returning()
      .get();
    if (!row) throw conflict(M.changedMeanwhile);
    return row;
  });
  await deleteObjects(ctx.storage, removed);
  return serializeFileUpload(updated);
}

const keysOf = (row: { excelFile: { key: string } | null; images: { key: string }[] }) => [
  row.excelFile?.key,
  ...row.images.map((i) => i.key),
];

/** DELETE /api/file-uploads/:id: the row first, then its objects. */
export async function deleteFileUpload(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.delete(fileUploads).where(eq(fileUploads.id, id)).returning().get();
  if (!row) throw notFound(M.notFound);
  await deleteObjects(ctx.storage, keysOf(row));
  return { _id: row.id };
}

/** DELETE /api/file-uploads {uploadIds}: unknown ids are not counted. */
export async function bulkDeleteFileUploads(ctx: ServiceCtx, ids: string[]) {
  const rows = await ctx.db
    .delete(fileUploads)
    .where(inArray(fileUploads.id, [...new Set(ids)]))
    .returning({ excelFile: fileUploads.excelFile, images: fileUploads.images });
  await deleteObjects(ctx.storage, rows.flatMap(keysOf));
  return { deletedCount: rows.length };
}
