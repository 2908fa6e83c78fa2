import { and, eq, inArray, sql } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES, LIVE_MEMBERSHIP_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { enrollmentRenewals, membershipEnrollments } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { deleteObjects } from '#worker/lib/stored-objects.ts';
import { list } from './membership-purchases.sql.ts';
import { releaseCouponUsesOf } from '#worker/lib/coupon-uses.ts';

const me = membershipEnrollments;

/** Money taken for a membership that is still live: never deleted (cancel or reject it first, which refunds it). */
const paidLive = sql`(${me.paymentStatus} = 'paid' and ${me.status} in (${list(LIVE_MEMBERSHIP_STATUSES)}))`;

/**
 * Deletes the given enrolments that are not paid and live, in ONE batch: their coupon uses and their
 * renewals' go back, the renewals and the rows go (payment rows stay: they record the money). The
 * documents are removed from storage after the rows are gone.
 */
async function deleteMany(ctx: ServiceCtx, ids: string[]) {
  const deletable = sql`select ${me.id} from ${me} where ${me.id} in (${list(ids)}) and not ${paidLive}`;
  const renewalsOf = sql`select ${enrollmentRenewals.id} from ${enrollmentRenewals} where ${enrollmentRenewals.kind} = 'membership' and ${enrollmentRenewals.enrollmentId} in (${deletable})`;
  const at = new Date();
  const [, , , deleted] = await ctx.db.batch([
    releaseCouponUsesOf(ctx.db, 'membership', deletable, at),
    releaseCouponUsesOf(ctx.db, 'membership_renewal', renewalsOf, at),
    ctx.db.delete(enrollmentRenewals).where(sql`${enrollmentRenewals.id} in (${renewalsOf})`),
    ctx.db
      .delete(me)
      .where(and(inArray(me.id, ids), sql`not ${paidLive}`))
      .returning({ id: me.id, documents: me.documents }),
  ]);
  await deleteObjects(
    ctx.storage,
    deleted.flatMap((d) => d.documents.map((doc) => doc.key)),
  );
  return deleted.map((d) => d.id);
}

/** DELETE /:id (school). */
export async function deleteMembershipEnrollment(ctx: ServiceCtx, id: string) {
  const row = await ctx.db.select({ status: me.status, paymentStatus: me.paymentStatus }).from(me).where(eq(me.id, id)).get();
  if (!row) throw notFound(ENROLLMENT_MESSAGES.notFound);
  const [deleted] = await deleteMany(ctx, [id]);
  if (!deleted) {
    if (await ctx.db.select({ id: me.id }).from(me).where(eq(me.id, id)).get()) throw conflict(ENROLLMENT_MESSAGES.paidUndeletable);
    throw notFound(ENROLLMENT_MESSAGES.notFound);
  }
  return { _id: deleted };
}

/** DELETE /bulk/delete (school): the paid live ones are kept and listed. */
export async function bulkDeleteMembershipEnrollments(ctx: ServiceCtx, ids: string[]) {
  const unique = [...new Set(ids)];
  const deletedIds = await deleteMany(ctx, unique);
  const gone = new Set(deletedIds);
  const kept = await ctx.db
    .select({ id: me.id })
    .from(me)
    .where(
      inArray(
        me.id,
        unique.filter((id) => !gone.has(id)),
      ),
    );
  return { deletedCount: deletedIds.length, deletedIds, keptIds: kept.map((k) => k.id) };
}
