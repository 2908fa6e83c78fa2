/**
 * Documents sent with a membership purchase or an instructor application: checked by their first bytes
 * (never by name or declared type), stored in R2 under the enrolment's folder, served only as downloads.
 */
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES, ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import type { EnrollmentDocument } from '#db/schema/index.ts';
import { badRequest, notFound, tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { checkImageDimensions } from '#worker/lib/image-size.ts';
import { objectKey, type PendingObject } from '#worker/lib/stored-objects.ts';
import { sniffType } from '#worker/lib/uploads.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** The enrolment a document belongs to, which names it. */
export type DocumentOwner = { kind: 'membership' | 'instructor'; id: string };

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const servedType = (type: string) => ((DOCUMENT_TYPES as readonly string[]).includes(type) ? type : 'application/octet-stream');

/**
 * The name a document is listed and served under (`membership-<id>-1.pdf`), made from what the server
 * knows; the uploader's name (`x.html`) is never used, also for documents stored when it was.
 */
export const documentName = (owner: DocumentOwner, index: number, type: string) =>
  `${owner.kind}-${owner.id}-${index + 1}.${EXTENSIONS[type] ?? 'bin'}`;

/** The documents as the owner and the school see them: the server's name, the type, the size, the download link `url(index)`. */
export const documentViews = (owner: DocumentOwner, documents: readonly EnrollmentDocument[], url: (index: number) => string) =>
  documents.map((d, i) => ({ name: documentName(owner, i, d.type), type: d.type, size: d.size, url: url(i) }));

/**
 * Every file is checked (count, size, real type, an image's pixels) before the first one is stored under
 * `folder` (e.g. `enrollments/<id>`).
 */
export async function checkedDocuments(
  files: readonly File[],
  folder: string,
  owner: DocumentOwner,
): Promise<{ objects: PendingObject[]; documents: EnrollmentDocument[] }> {
  if (files.length > ENROLLMENT_LIMITS.maxDocuments) throw badRequest(DOCUMENT_MESSAGES.tooMany);
  const objects: PendingObject[] = [];
  const documents: EnrollmentDocument[] = [];
  for (const [index, file] of files.entries()) {
    if (file.size > ENROLLMENT_LIMITS.maxDocumentBytes) throw tooLarge(DOCUMENT_MESSAGES.tooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes.subarray(0, 64));
    if (!type || !(DOCUMENT_TYPES as readonly string[]).includes(type.mime)) throw unsupportedType(DOCUMENT_MESSAGES.type);
    if (type.mime.startsWith('image/')) checkImageDimensions(bytes);
    const key = objectKey(folder, type.ext);
    const name = documentName(owner, index, type.mime);
    objects.push({ key, bytes, contentType: type.mime, metadata: { filename: name } });
    documents.push({ key, name, type: type.mime, size: bytes.byteLength });
  }
  return { objects, documents };
}

/** GET …/:id/documents/:index of an enrolment the caller may see: always a download (never a page of our origin), never cached by others. */
export async function documentDownload(
  ctx: ServiceCtx,
  owner: DocumentOwner,
  documents: readonly EnrollmentDocument[],
  index: string,
): Promise<Response> {
  const at = /^\d{1,2}$/.test(index) ? Number(index) : -1;
  const doc = documents[at];
  const object = doc ? await ctx.storage.get(doc.key) : null;
  if (!doc || !object) throw notFound(DOCUMENT_MESSAGES.notFound);
  const type = servedType(doc.type);
  return new Response(object.body, {
    headers: {
      'content-type': type,
      'content-length': String(object.size),
      'content-disposition': `attachment; filename="${documentName(owner, at, type)}"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
