import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { documentDownload } from '#worker/lib/enrollment-documents.ts';
import { visibleEnrollment } from './instructors.queries.ts';

/** GET /:id/documents/:index: the applicant's or the school's download (worker/lib/enrollment-documents.ts). */
export async function documentResponse(ctx: ServiceCtx, id: string, index: string): Promise<Response> {
  const { row } = await visibleEnrollment(ctx, id);
  return documentDownload(ctx, { kind: 'instructor', id: row.id }, row.documents, index);
}
