import { and, eq, lte, sql } from 'drizzle-orm';
import { CANCEL_REASONS } from '#core/shop/shop-options.ts';
import { orders } from '#db/schema/index.ts';
import { freshReleaseToken, releaseStatements, releaseTokenValue } from '#worker/lib/order-release.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** At most this many orders expire per run; the next minute takes the rest. */
export const EXPIRY_BATCH = 500;

/**
 * The scheduled handler's job: unpaid orders past their payment window are cancelled ('Payment not
 * received in time') by one conditional statement, their stock and coupon uses given back in the same
 * batch. A payment verified later finds the order cancelled and is refunded (records.ts settlePayment).
 */
export async function expireUnpaidOrders(ctx: Pick<ServiceCtx, 'db'>, now = new Date()): Promise<{ expired: string[] }> {
  const token = freshReleaseToken();
  const due = sql`select ${orders.id} from ${orders} where ${orders.status} = 'pending_payment' and ${orders.expiresAt} <= ${now.getTime()} order by ${orders.expiresAt} limit ${EXPIRY_BATCH}`;
  const [moved] = await ctx.db.batch([
    ctx.db
      .update(orders)
      .set({
        status: 'cancelled',
        cancelReason: CANCEL_REASONS.expired,
        cancelledAt: now,
        releaseToken: releaseTokenValue(token),
        updatedAt: now,
      })
      .where(and(sql`${orders.id} in (${due})`, eq(orders.status, 'pending_payment'), lte(orders.expiresAt, now)))
      .returning({ id: orders.id }),
    ...releaseStatements(ctx.db, token),
  ]);
  return { expired: moved.map((r) => r.id) };
}
