import { newId } from '#core/ids.ts';
import { importFormatOf, parseAssetImport } from '#core/media/asset-import.ts';
import { ASSET_MESSAGES, BulkAssetsSchema, ExternalAssetSchema, UploadAssetSchema } from '#core/media/asset-schemas.ts';
import { IMPORT_FILE_MAX_BYTES, MAX_FILES_PER_REQUEST, UPLOAD_MESSAGES } from '#core/media/limits.ts';
import { assets, type NewAssetRow } from '#db/schema/index.ts';
import { AppError, badRequest, tooLarge, type FieldError } from '#worker/lib/errors.ts';
import { writeOrRemove } from '#worker/lib/stored-objects.ts';
import { sniffType } from '#worker/lib/uploads.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { filesOf, firstValue, type RequestBody } from '#worker/lib/body.ts';
import { checkFile, putFiles, type CheckedFile } from '#worker/lib/stored-files.ts';
import { ASSET_FILE_FIELDS, ASSET_PREFIX, uploadColumns } from './assets.write.ts';
import { serializeAsset } from './assets.serialize.ts';

type ItemError = FieldError & { index: number };

/** Checks every item on its own; any bad item refuses the whole import (400) and lists each one by index. */
function validItems(items: unknown[]) {
  const errors: ItemError[] = [];
  const valid = items.flatMap((item, index) => {
    const r = ExternalAssetSchema.safeParse(item);
    if (r.success) return [r.data];
    for (const issue of r.error.issues)
      errors.push({ index, path: ['assets', index, ...issue.path].map(String).join('.'), message: issue.message });
    return [];
  });
  if (errors.length) {
    const first = errors[0]!;
    throw badRequest(`Asset ${first.index + 1} (index ${first.index}): ${first.message}`, errors);
  }
  return valid;
}

async function insertExternal(ctx: ServiceCtx, items: unknown[]) {
  const list = parseInput(BulkAssetsSchema, { assets: items }).assets;
  const rows: NewAssetRow[] = validItems(list).map((a) => ({
    id: newId(),
    title: a.title ?? '',
    description: a.description ?? '',
    altText: a.altText ?? '',
    featured: a.featured ?? false,
    tags: a.tags ?? [],
    mediaType: a.mediaType,
    source: 'external',
    externalUrlLink: a.externalUrlLink,
    uploadedBy: signedIn(ctx).id,
  }));
  const inserted = await ctx.db.insert(assets).values(rows).returning();
  return inserted.map(serializeAsset);
}

/** POST /api/assets/bulk {assets: [...]}: external assets, all or none. */
export const bulkCreateAssets = (ctx: ServiceCtx, body: unknown) => insertExternal(ctx, parseInput(BulkAssetsSchema, body).assets);

async function readImportFile(file: File): Promise<unknown[]> {
  if (file.size > IMPORT_FILE_MAX_BYTES) throw tooLarge(UPLOAD_MESSAGES.importTooLarge);
  const format = importFormatOf(file.name, file.type) ?? 'json';
  const items = parseAssetImport(await file.text(), format);
  if (!items) throw badRequest(ASSET_MESSAGES.importInvalid);
  return items;
}

const isImportFile = async (file: File) =>
  importFormatOf(file.name, file.type) !== null && sniffType(new Uint8Array(await file.slice(0, 64).arrayBuffer())) === null;

/** A refused file keeps the spec's message; `errors` says which file it was. */
async function checkAll(files: File[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const [i, file] of files.entries()) {
    try {
      checked.push(await checkFile(file, 'media'));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw new AppError(err.code, err.message, {
        errors: [{ path: `files.${i}`, message: `${file.name || `file ${i + 1}`}: ${err.message}` }],
      });
    }
  }
  return checked;
}

/**
 * POST /api/assets/bulk-upload (form data): many image/video `files` become uploaded assets (the text
 * fields apply to each), or one JSON/CSV file describing external assets is imported.
 */
export async function bulkUploadAssets(ctx: ServiceCtx, input: RequestBody) {
  const files = filesOf(input, ASSET_FILE_FIELDS);
  if (!files.length) throw badRequest(ASSET_MESSAGES.bulkNoFiles);
  if (files.length === 1 && (await isImportFile(files[0]!))) return insertExternal(ctx, await readImportFile(files[0]!));
  if (files.length > MAX_FILES_PER_REQUEST) throw badRequest(UPLOAD_MESSAGES.tooManyFiles);
  const meta = parseInput(UploadAssetSchema, input.fields);
  const checked = await checkAll(files);
  const keys = await putFiles(ctx.storage, ASSET_PREFIX, checked);
  const rows: NewAssetRow[] = checked.map((f, i) => ({
    id: newId(),
    ...uploadColumns(f, keys[i]!),
    ...(meta.title ? { title: meta.title } : {}),
    description: meta.description ?? '',
    altText: meta.altText ?? '',
    featured: meta.featured ?? false,
    tags: meta.tags ?? [],
    uploadedBy: signedIn(ctx).id,
  }));
  const inserted = await writeOrRemove(ctx.storage, keys, () => ctx.db.insert(assets).values(rows).returning());
  return inserted.map(serializeAsset);
}

/** POST /api/assets/bulk-json (form data): a `.json` (or `.csv`) file, or an `assets` field holding JSON. */
export async function bulkJsonAssets(ctx: ServiceCtx, input: RequestBody) {
  const [file] = filesOf(input, ['file', 'jsonFile', 'json', 'files', 'assets']);
  if (file) return insertExternal(ctx, await readImportFile(file));
  const field = firstValue(input.fields?.assets);
  if (typeof field !== 'string' || !field.trim()) throw badRequest(ASSET_MESSAGES.bulkRequired);
  const items = parseAssetImport(field, 'json');
  if (!items) throw badRequest(ASSET_MESSAGES.importInvalid);
  return insertExternal(ctx, items);
}
