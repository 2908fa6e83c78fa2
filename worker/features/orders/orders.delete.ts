import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { ORDER_MESSAGES } from '#core/shop/order-schemas.ts';
import { UNDELETABLE } from '#core/shop/order-status.ts';
import { orders } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { freshReleaseToken, releaseStatements, releaseTokenValue } from '#worker/lib/order-release.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export const UNDELETABLE_MESSAGE = 'A paid order that has not shipped cannot be deleted: cancel or refund it first';

/**
 * Deletes orders in one batch: an unpaid one first gives its stock and coupon use back (moved to
 * cancelled with a release token, like any cancel), then every deletable one goes. Paid and processing
 * orders stay. Payment rows are kept (they are the money's record).
 */
async function deleteOrders(ctx: ServiceCtx, ids: string[]) {
  const token = freshReleaseToken();
  const at = new Date();
  const [, , , deleted] = await ctx.db.batch([
    ctx.db
      .update(orders)
      .set({
        status: 'cancelled',
        cancelReason: 'Deleted by admin',
        cancelledAt: at,
        releaseToken: releaseTokenValue(token),
        updatedAt: at,
      })
      .where(and(inArray(orders.id, ids), eq(orders.status, 'pending_payment'))),
    ...releaseStatements(ctx.db, token),
    ctx.db
      .delete(orders)
      .where(and(inArray(orders.id, ids), notInArray(orders.status, [...UNDELETABLE])))
      .returning({ id: orders.id }),
  ]);
  return deleted.map((r) => r.id);
}

export async function deleteOrder(ctx: ServiceCtx, id: string) {
  const [deleted] = await deleteOrders(ctx, [id]);
  if (deleted) return { _id: deleted };
  const row = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).get();
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  throw conflict(UNDELETABLE_MESSAGE);
}

/** DELETE /api/orders/bulk/delete: unknown ids are skipped; paid, unshipped orders are kept and listed. */
export async function bulkDeleteOrders(ctx: ServiceCtx, ids: string[]) {
  const deletedIds = await deleteOrders(ctx, ids);
  const kept = await ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids));
  return { deletedCount: deletedIds.length, deletedIds, keptIds: kept.map((r) => r.id) };
}
