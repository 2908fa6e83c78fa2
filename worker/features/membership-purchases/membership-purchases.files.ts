import { ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { MULTIPART_OVERHEAD_BYTES } from '#worker/lib/uploads.ts';

/** The most a purchase's multipart body may weigh: every document at its limit, plus the form around them. */
export const MAX_PURCHASE_BODY_BYTES = ENROLLMENT_LIMITS.maxDocuments * ENROLLMENT_LIMITS.maxDocumentBytes + MULTIPART_OVERHEAD_BYTES;

/** `documents` as browsers send it, `documents[]` as some form libraries name a list. */
export const documentFiles = (form: FormData) =>
  [...form.getAll('documents'), ...form.getAll('documents[]')].filter((v): v is File => typeof v !== 'string');
