import { and, eq, inArray } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { ASSET_MESSAGES, ExternalAssetSchema, UpdateAssetSchema, UploadAssetSchema } from '#core/media/asset-schemas.ts';
import { assets, type AssetRow, type NewAssetRow } from '#db/schema/index.ts';
import { badRequest, conflict, notFound } from '#worker/lib/errors.ts';
import { writeOrRemove } from '#worker/lib/stored-objects.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { filesOf, type RequestBody } from '#worker/lib/body.ts';
import { sameKey } from '#worker/lib/sql.ts';
import { checkFile, putFiles, removeObjects, type CheckedFile } from '#worker/lib/stored-files.ts';
import { serializeAsset } from './assets.serialize.ts';

export const ASSET_PREFIX = 'assets';
export const ASSET_FILE_FIELDS = ['file', 'files', 'asset'] as const;

type Meta = {
  title?: string | undefined;
  description?: string | undefined;
  altText?: string | undefined;
  featured?: boolean | undefined;
  tags?: string[] | undefined;
};

const metaColumns = (m: Meta) => ({
  ...(m.title !== undefined && { title: m.title }),
  ...(m.description !== undefined && { description: m.description }),
  ...(m.altText !== undefined && { altText: m.altText }),
  ...(m.featured !== undefined && { featured: m.featured }),
  ...(m.tags !== undefined && { tags: m.tags }),
});

/** Row columns of an uploaded file (title defaults to its name without extension). */
export const uploadColumns = (f: CheckedFile, key: string): Omit<NewAssetRow, 'id'> => ({
  title: f.name.replace(/\.[^.]*$/, '').slice(0, 200),
  mediaType: f.kind,
  source: 'upload',
  externalUrlLink: null,
  objectKey: key,
  mimeType: f.mime,
  sizeBytes: f.size,
  width: f.width,
  height: f.height,
});

const externalColumns = (url: string) => ({
  source: 'external',
  externalUrlLink: url,
  objectKey: null,
  mimeType: null,
  sizeBytes: null,
  width: null,
  height: null,
});

/** POST /api/assets: a multipart `file` is uploaded to R2; otherwise an `externalUrlLink` is recorded. */
export async function createAsset(ctx: ServiceCtx, input: RequestBody) {
  const [file] = filesOf(input, ASSET_FILE_FIELDS);
  const uploadedBy = signedIn(ctx).id;
  if (!file) {
    if (input.multipart && input.fields.externalUrlLink === undefined) throw badRequest(ASSET_MESSAGES.fileOrUrl);
    const data = parseInput(ExternalAssetSchema, input.fields);
    const row = await ctx.db
      .insert(assets)
      .values({ id: newId(), ...metaColumns(data), mediaType: data.mediaType, ...externalColumns(data.externalUrlLink), uploadedBy })
      .returning()
      .get();
    return serializeAsset(row);
  }
  const meta = parseInput(UploadAssetSchema, input.fields);
  const checked = await checkFile(file, 'media');
  if (meta.mediaType && meta.mediaType !== checked.kind) throw badRequest(ASSET_MESSAGES.typeMismatch);
  const [key] = await putFiles(ctx.storage, ASSET_PREFIX, [checked]);
  const row = await writeOrRemove(ctx.storage, [key!], () =>
    ctx.db
      .insert(assets)
      .values({ id: newId(), ...uploadColumns(checked, key!), ...metaColumns(meta), uploadedBy })
      .returning()
      .get(),
  );
  return serializeAsset(row);
}

async function loadAsset(ctx: ServiceCtx, id: string): Promise<AssetRow> {
  const row = await ctx.db.select().from(assets).where(eq(assets.id, id)).get();
  if (!row) throw notFound(ASSET_MESSAGES.notFound);
  return row;
}

/**
 * PUT /api/assets/:id (JSON or form data): metadata; a new `file` replaces the stored one; an
 * `externalUrlLink` turns it into an external asset. The old object is deleted after the row changed.
 */
export async function updateAsset(ctx: ServiceCtx, id: string, input: RequestBody) {
  const data = parseInput(UpdateAssetSchema, input.fields);
  const current = await loadAsset(ctx, id);
  const [file] = filesOf(input, ASSET_FILE_FIELDS);
  const checked = file ? await checkFile(file, 'media') : null;
  // An uploaded file's bytes decide its type; only an external link may be re-labelled freely.
  const fixedKind = checked ? checked.kind : !data.externalUrlLink && current.source === 'upload' ? current.mediaType : null;
  if (fixedKind && data.mediaType && data.mediaType !== fixedKind) throw badRequest(ASSET_MESSAGES.typeMismatch);
  const keys = checked ? await putFiles(ctx.storage, ASSET_PREFIX, [checked]) : [];
  const source = checked
    ? { ...uploadColumns(checked, keys[0]!), title: undefined }
    : data.externalUrlLink
      ? externalColumns(data.externalUrlLink)
      : {};
  const set = { ...source, ...metaColumns(data), mediaType: fixedKind ?? data.mediaType ?? current.mediaType, updatedAt: new Date() };
  const row = await writeOrRemove(ctx.storage, keys, async () => {
    const updated = await ctx.db
      .update(assets)
      .set(set)
      .where(and(eq(assets.id, id), sameKey(assets.objectKey, current.objectKey)))
      .returning()
      .get();
    if (updated) return updated;
    await loadAsset(ctx, id);
    throw conflict('The asset was changed at the same time, please try again');
  });
  if (current.objectKey && current.objectKey !== row.objectKey) await removeObjects(ctx.storage, [current.objectKey]);
  return serializeAsset(row);
}

/** DELETE /api/assets/:id: the row first, then its object. */
export async function deleteAsset(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.delete(assets).where(eq(assets.id, id)).returning({ id: assets.id, objectKey: assets.objectKey }).get();
  if (!row) throw notFound(ASSET_MESSAGES.notFound);
  await removeObjects(ctx.storage, [row.objectKey]);
  return { _id: row.id };
}

/** POST /api/assets/bulk-delete: ids that do not exist are skipped and not counted. */
export async function bulkDeleteAssets(ctx: ServiceCtx, assetIds: string[]) {
  const rows = await ctx.db.delete(assets).where(inArray(assets.id, assetIds)).returning({ objectKey: assets.objectKey });
  await removeObjects(
    ctx.storage,
    rows.map((r) => r.objectKey),
  );
  return { deletedCount: rows.length };
}
