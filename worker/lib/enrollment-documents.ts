/**
 * Documents sent with a membership purchase or an instructor application: checked by their first bytes
 * (never by name or declared type), stored in R2 under the enrolment's folder, served only as downloads.
 */
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES, ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import type { EnrollmentDocument } from '#db/schema/index.ts';
import { badRequest, notFound, tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { cleanFileName } from '#worker/lib/file-name.ts';
import { objectKey, type PendingObject } from '#worker/lib/stored-objects.ts';
import { sniffType } from '#worker/lib/uploads.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** Every file is checked (count, size, real type) before the first one is stored under `folder` (e.g. `enrollments/<id>`). */
export async function checkedDocuments(
  files: readonly File[],
  folder: string,
): Promise<{ objects: PendingObject[]; documents: EnrollmentDocument[] }> {
  if (files.length > ENROLLMENT_LIMITS.maxDocuments) throw badRequest(DOCUMENT_MESSAGES.tooMany);
  const objects: PendingObject[] = [];
  const documents: EnrollmentDocument[] = [];
  for (const file of files) {
    if (file.size > ENROLLMENT_LIMITS.maxDocumentBytes) throw tooLarge(DOCUMENT_MESSAGES.tooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes.subarray(0, 64));
    if (!type || !(DOCUMENT_TYPES as readonly string[]).includes(type.mime)) throw unsupportedType(DOCUMENT_MESSAGES.type);
    const key = objectKey(folder, type.ext);
    const name = cleanFileName(file.name, type.ext, 'document');
    objects.push({ key, bytes, contentType: type.mime, metadata: { filename: name } });
    documents.push({ key, name, type: type.mime, size: bytes.byteLength });
  }
  return { objects, documents };
}

/** `filename*` keeps any name intact; the plain `filename` is its ASCII stand-in for old clients. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** GET …/:id/documents/:index of an enrolment the caller may see: always a download (never a page of our origin), never cached by others. */
export async function documentDownload(ctx: ServiceCtx, documents: readonly EnrollmentDocument[], index: string): Promise<Response> {
  const doc = /^\d{1,2}$/.test(index) ? documents[Number(index)] : undefined;
  const object = doc ? await ctx.storage.get(doc.key) : null;
  if (!doc || !object) throw notFound(DOCUMENT_MESSAGES.notFound);
  return new Response(object.body, {
    headers: {
      'content-type': doc.type,
      'content-length': String(object.size),
      'content-disposition': disposition(doc.name),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
