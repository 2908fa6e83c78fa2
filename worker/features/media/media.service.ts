import { and, desc, eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { MAX_FILES_PER_REQUEST, UPLOAD_MESSAGES, type MediaType } from '#core/media/limits.ts';
import { MEDIA_MESSAGES, UploadMediaSchema } from '#core/media/media-schemas.ts';
import { POST_MESSAGES } from '#core/media/post-schemas.ts';
import { media, type MediaRow, type NewMediaRow } from '#db/schema/index.ts';
import { filesOf, type RequestBody } from '#worker/lib/body.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { isHiddenOwner } from '#worker/lib/media-attachments.ts';
import { fileUrl } from '#worker/lib/public-files.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { checkFiles, putFiles, removeObjects } from '#worker/lib/stored-files.ts';
import { writeOrRemove } from '#worker/lib/stored-objects.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { seesHidden } from '#worker/lib/visibility.ts';

export const MEDIA_FILE_FIELDS = ['files', 'file', 'media', 'images'] as const;

export const serializeMedia = (row: MediaRow) => ({
  _id: row.id,
  ownerId: row.ownerId,
  mediaType: row.mediaType,
  url: fileUrl(row.objectKey),
  mimeType: row.mimeType,
  size: row.sizeBytes,
  width: row.width,
  height: row.height,
  fileName: row.fileName,
  altText: row.altText,
  caption: row.caption,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt.toISOString(),
});

/** GET /api/media/:ownerId: the owner's files, newest first; a draft post's are 404 to visitors, like the post. */
export async function listMedia(
  ctx: ServiceCtx,
  ownerId: string,
  query: { page: number; limit: number; mediaType?: MediaType | undefined },
) {
  if (!seesHidden(ctx) && (await isHiddenOwner(ctx.db, ownerId))) throw notFound(POST_MESSAGES.notFound);
  const { rows, pagination } = await listPage(ctx.db, {
    table: media,
    where: and(eq(media.ownerId, ownerId), query.mediaType ? eq(media.mediaType, query.mediaType) : undefined),
    orderBy: [desc(media.createdAt), desc(media.id)],
    page: query.page,
    limit: query.limit,
  });
  return { items: rows.map(serializeMedia), pagination };
}

/** POST /api/media/:ownerId: every file checked before any is stored; all stored or none. */
export async function uploadMedia(ctx: ServiceCtx, ownerId: string, input: RequestBody) {
  if (!input.multipart) throw badRequest(MEDIA_MESSAGES.form);
  const meta = parseInput(UploadMediaSchema, input.fields);
  const files = filesOf(input, MEDIA_FILE_FIELDS);
  if (!files.length) throw badRequest(MEDIA_MESSAGES.noFiles);
  if (files.length > MAX_FILES_PER_REQUEST) throw badRequest(UPLOAD_MESSAGES.tooManyFiles);
  const checked = await checkFiles(files, 'media');
  const keys = await putFiles(ctx.storage, `media/${ownerId}`, checked);
  const rows: NewMediaRow[] = checked.map((f, i) => ({
    id: newId(),
    ownerId,
    mediaType: f.kind,
    objectKey: keys[i]!,
    mimeType: f.mime,
    sizeBytes: f.size,
    width: f.width,
    height: f.height,
    fileName: f.name,
    altText: meta.altText ?? '',
    caption: meta.caption ?? '',
    uploadedBy: signedIn(ctx).id,
  }));
  const inserted = await writeOrRemove(ctx.storage, keys, () => ctx.db.insert(media).values(rows).returning());
  return inserted.map(serializeMedia);
}

/** DELETE /api/media/:ownerId/:mediaId: the row, then its object. */
export async function deleteMedia(ctx: ServiceCtx, ownerId: string, mediaId: string) {
  const row = await ctx.db
    .delete(media)
    .where(and(eq(media.id, mediaId), eq(media.ownerId, ownerId)))
    .returning({ id: media.id, objectKey: media.objectKey })
    .get();
  if (!row) throw notFound(MEDIA_MESSAGES.notFound);
  await removeObjects(ctx.storage, [row.objectKey]);
  return { _id: row.id };
}
