import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EnquiryStatus } from '#core/enquiries/enquiry-options.ts';
import { ENQUIRY_MESSAGES, type MarkEnquiryInput, type UpdateEnquiryInput } from '#core/enquiries/enquiry-schemas.ts';
import type { Db } from '#db/client.ts';
import { enquiries } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { serializeEnquiry } from './enquiries.serialize.ts';

type Ctx = { db: Db };

/** Timestamps that follow a status: kept when already set, cleared when the enquiry moves back. */
function stampsFor(status: EnquiryStatus, now: number) {
  if (status === 'New') return { contactedAt: null, resolvedAt: null };
  if (status === 'Contacted') return { contactedAt: sql`coalesce(${enquiries.contactedAt}, ${now})`, resolvedAt: null };
  return { resolvedAt: sql`coalesce(${enquiries.resolvedAt}, ${now})` };
}

/** PUT /api/enquiries/:id: any status (this is how an admin reopens a resolved enquiry) and the notes. */
export async function updateEnquiry(ctx: Ctx, id: string, input: UpdateEnquiryInput) {
  const now = Date.now();
  const row = await ctx.db
    .update(enquiries)
    .set({
      ...(input.status ? { status: input.status, ...stampsFor(input.status, now) } : {}),
      ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes ?? '' } : {}),
      updatedAt: new Date(now),
    })
    .where(eq(enquiries.id, id))
    .returning()
    .get();
  if (!row) throw notFound(ENQUIRY_MESSAGES.notFound);
  return serializeEnquiry(row);
}

/** The workflow: New → Contacted → Resolved, or New → Resolved straight away. Going back is PUT's job. */
export const ALLOWED_FROM: Record<'Contacted' | 'Resolved', readonly EnquiryStatus[]> = {
  Contacted: ['New'],
  Resolved: ['New', 'Contacted'],
};

function refusal(target: 'Contacted' | 'Resolved', current: EnquiryStatus): string {
  if (target === current)
    return target === 'Contacted' ? 'This enquiry is already marked as contacted' : 'This enquiry is already resolved';
  return 'This enquiry is resolved. Reopen it with an update (status New or Contacted) before marking it as contacted';
}

/** PATCH /api/enquiries/:id/contacted|resolved: one conditional update, so two admins cannot both move it. */
export async function markEnquiry(ctx: Ctx, id: string, target: 'Contacted' | 'Resolved', input: MarkEnquiryInput) {
  const now = Date.now();
  const row = await ctx.db
    .update(enquiries)
    .set({
      status: target,
      ...stampsFor(target, now),
      ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes } : {}),
      updatedAt: new Date(now),
    })
    .where(and(eq(enquiries.id, id), inArray(enquiries.status, [...ALLOWED_FROM[target]])))
    .returning()
    .get();
  if (row) return serializeEnquiry(row);
  const current = await ctx.db.select({ status: enquiries.status }).from(enquiries).where(eq(enquiries.id, id)).get();
  if (!current) throw notFound(ENQUIRY_MESSAGES.notFound);
  throw conflict(refusal(target, current.status));
}

export async function deleteEnquiry(ctx: Ctx, id: string) {
  const row = await ctx.db.delete(enquiries).where(eq(enquiries.id, id)).returning({ id: enquiries.id }).get();
  if (!row) throw notFound(ENQUIRY_MESSAGES.notFound);
  return { _id: row.id };
}

/** DELETE /api/enquiries {enquiryIds}: unknown ids are skipped; the answer says how many went. */
export async function bulkDeleteEnquiries(ctx: Ctx, ids: string[]) {
  const rows = await ctx.db.delete(enquiries).where(inArray(enquiries.id, ids)).returning({ id: enquiries.id });
  return { deletedCount: rows.length, deletedIds: rows.map((r) => r.id) };
}
