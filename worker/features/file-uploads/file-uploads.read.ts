import { and, desc, eq, type SQL } from 'drizzle-orm';
import { fileUploads as f } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { likeAny } from '#worker/lib/sql.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { FILE_UPLOAD_MESSAGES as M, type FileUploadListQuery } from './file-uploads.input.ts';
import { serializeFileUpload } from './file-uploads.serialize.ts';

/** Visitors see published uploads only; admins see all and may filter on `isPublished`. */
function whereOf(q: FileUploadListQuery, admin: boolean): SQL | undefined {
  const published = admin ? (q.isPublished ? q.isPublished === 'true' : undefined) : true;
  const category = q.category?.toLowerCase();
  return and(
    published !== undefined ? eq(f.isPublished, published) : undefined,
    q.userId ? eq(f.uploadedBy, q.userId) : undefined,
    category ? eq(f.category, category) : undefined,
    q.search ? likeAny(q.search, [f.title, f.description, f.tags]) : undefined,
  );
}

/** GET /api/file-uploads: newest first; `userId` (uploader), `search` (title, description, tags), `category`. */
export async function listFileUploads(ctx: ServiceCtx, query: FileUploadListQuery) {
  const { rows, pagination } = await listPage(ctx.db, {
    table: f,
    where: whereOf(query, seesHidden(ctx)),
    orderBy: [desc(f.createdAt), desc(f.id)],
    page: query.page,
    limit: query.limit,
  });
  return { uploads: rows.map(serializeFileUpload), pagination };
}

/** GET /api/file-uploads/:id: an unpublished upload is a 404 for everybody but admins. */
export async function getFileUpload(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.select().from(f).where(eq(f.id, id)).get();
  if (!row || (!row.isPublished && !seesHidden(ctx))) throw notFound(M.notFound);
  return serializeFileUpload(row);
}
