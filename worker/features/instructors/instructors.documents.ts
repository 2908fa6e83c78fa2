/** The documents of an application: checked by their first bytes, stored in R2 under instructors/<id>/, served only to the owner and the school. */
import { DOCUMENT_TYPES, ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { INSTRUCTOR_MESSAGES as M } from '#core/enrollments/instructor-schemas.ts';
import type { EnrollmentDocument } from '#db/schema/index.ts';
import { badRequest, notFound, tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { cleanFileName } from '#worker/lib/file-name.ts';
import { objectKey, type PendingObject } from '#worker/lib/stored-objects.ts';
import { sniffType } from '#worker/lib/uploads.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { visibleEnrollment } from './instructors.queries.ts';

export type PreparedDocument = { document: EnrollmentDocument; object: PendingObject };

/** Every file is checked (count, size, real type) before the first one is stored. */
export async function prepareDocuments(enrollmentId: string, files: readonly File[]): Promise<PreparedDocument[]> {
  if (files.length > ENROLLMENT_LIMITS.maxDocuments) throw badRequest(M.tooManyDocuments);
  const out: PreparedDocument[] = [];
  for (const file of files) {
    if (file.size > ENROLLMENT_LIMITS.maxDocumentBytes) throw tooLarge(M.documentTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes);
    if (!type || !(DOCUMENT_TYPES as readonly string[]).includes(type.mime)) throw unsupportedType(M.documentType);
    const key = objectKey(`instructors/${enrollmentId}`, type.ext);
    const name = cleanFileName(file.name, type.ext, 'document');
    out.push({
      document: { key, name, type: type.mime, size: bytes.byteLength },
      object: { key, bytes, contentType: type.mime, metadata: { filename: name } },
    });
  }
  return out;
}

/** `filename*` keeps any name intact; the plain `filename` is its ASCII stand-in for old clients. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** GET /:id/documents/:index: always a download (never rendered as a page of our origin), never cached by others. */
export async function documentResponse(ctx: ServiceCtx, id: string, index: string): Promise<Response> {
  const { row } = await visibleEnrollment(ctx, id);
  const doc = /^\d{1,2}$/.test(index) ? row.documents[Number(index)] : undefined;
  if (!doc) throw notFound(M.documentNotFound);
  const object = await ctx.storage.get(doc.key);
  if (!object) throw notFound(M.documentNotFound);
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
