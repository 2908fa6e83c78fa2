import { DOCUMENT_TYPES, ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { MEMBERSHIP_PURCHASE_MESSAGES } from '#core/enrollments/membership-schemas.ts';
import type { EnrollmentDocument } from '#db/schema/index.ts';
import { badRequest, tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { cleanFileName } from '#worker/lib/file-name.ts';
import { objectKey, type PendingObject } from '#worker/lib/stored-objects.ts';
import { MULTIPART_OVERHEAD_BYTES, sniffType } from '#worker/lib/uploads.ts';

/** The most a purchase's multipart body may weigh: every document at its limit, plus the form around them. */
export const MAX_PURCHASE_BODY_BYTES = ENROLLMENT_LIMITS.maxDocuments * ENROLLMENT_LIMITS.maxDocumentBytes + MULTIPART_OVERHEAD_BYTES;

/**
 * The uploaded documents checked (count, size, real type by magic bytes, never by name or declared type)
 * and made ready to store under `enrollments/<enrollmentId>/`.
 */
export async function checkedDocuments(
  form: FormData,
  enrollmentId: string,
): Promise<{ objects: PendingObject[]; documents: EnrollmentDocument[] }> {
  // `documents` as browsers send it, `documents[]` as some form libraries name a list.
  const files = [...form.getAll('documents'), ...form.getAll('documents[]')].filter((v): v is File => typeof v !== 'string');
  if (files.length > ENROLLMENT_LIMITS.maxDocuments) throw badRequest(MEMBERSHIP_PURCHASE_MESSAGES.tooManyDocuments);
  const objects: PendingObject[] = [];
  const documents: EnrollmentDocument[] = [];
  for (const file of files) {
    if (file.size > ENROLLMENT_LIMITS.maxDocumentBytes) throw tooLarge(MEMBERSHIP_PURCHASE_MESSAGES.documentTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffType(bytes.subarray(0, 64));
    if (!type || !(DOCUMENT_TYPES as readonly string[]).includes(type.mime))
      throw unsupportedType(MEMBERSHIP_PURCHASE_MESSAGES.documentType);
    const key = objectKey(`enrollments/${enrollmentId}`, type.ext);
    const name = cleanFileName(file.name, type.ext, 'document');
    objects.push({ key, bytes, contentType: type.mime, metadata: { filename: name } });
    documents.push({ key, name, type: type.mime, size: bytes.byteLength });
  }
  return { objects, documents };
}
