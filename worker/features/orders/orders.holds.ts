import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { ORDER_MESSAGES } from '#core/shop/order-schemas.ts';
import { SHOP_LIMITS } from '#core/shop/shop-options.ts';
import { orderItems, orders, products, SETTINGS_ID, siteSettings } from '#db/schema/index.ts';
import { causes } from '#worker/lib/db-errors.ts';
import { conflict, rateLimited } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** Open unpaid orders: awaiting payment and still inside their window (one past it is swept within a minute). */
const openUnpaid = (at: Date) => and(eq(orders.status, 'pending_payment'), gt(orders.expiresAt, at));

const accountCap = sql`coalesce((select ${siteSettings.maxUnpaidOrders} from ${siteSettings} where ${siteSettings.id} = ${SETTINGS_ID}), ${SHOP_LIMITS.maxUnpaidOrders})`;

/**
 * The new order's total_cents, guarded by both caps in the order's own INSERT: past the account's cap
 * (the school's setting) or the address's (ORDER_UNPAID_PER_IP) it is -1, which the
 * orders_amounts_nonnegative CHECK refuses, so the whole batch fails and nothing is held.
 */
export function cappedTotal(ctx: ServiceCtx, userId: string, totalCents: number, at: Date) {
  const byUser = sql`(select count(*) from ${orders} where ${orders.userId} = ${userId} and ${openUnpaid(at)})`;
  const byIp = sql`(select count(*) from ${orders} where ${orders.clientIp} = ${ctx.ip} and ${openUnpaid(at)})`;
  return sql`case when ${byUser} < ${accountCap} and ${byIp} < ${ctx.config.ORDER_UNPAID_PER_IP} then ${totalCents} else -1 end`;
}

/** The batch failed on cappedTotal's -1 (the server never writes a negative amount otherwise). */
export const overUnpaidCap = (err: unknown) =>
  causes(err).some((e) => /orders_amounts_nonnegative/i.test(String((e as Error)?.message ?? '')));

/** Which cap refused the order (409 for the account, 429 for the address); undefined if an order has ended since. */
export async function capRefusal(ctx: ServiceCtx, userId: string) {
  const at = new Date();
  const [mine, fromIp, cap] = await ctx.db.batch([
    ctx.db
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(and(eq(orders.userId, userId), openUnpaid(at))),
    ctx.db
      .select({ expiresAt: orders.expiresAt })
      .from(orders)
      .where(and(eq(orders.clientIp, ctx.ip), openUnpaid(at)))
      .orderBy(asc(orders.expiresAt)),
    ctx.db.select({ n: siteSettings.maxUnpaidOrders }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)),
  ]);
  const held = Number(mine[0]?.n ?? 0);
  if (held >= (cap[0]?.n ?? SHOP_LIMITS.maxUnpaidOrders)) return conflict(ORDER_MESSAGES.unpaidLimit(held));
  if (fromIp.length >= ctx.config.ORDER_UNPAID_PER_IP) {
    const freed = fromIp[fromIp.length - ctx.config.ORDER_UNPAID_PER_IP]!.expiresAt.getTime();
    return rateLimited(ORDER_MESSAGES.unpaidLimitIp, (freed - at.getTime()) / 1000);
  }
  return undefined;
}

/**
 * The order's window shortened to lowStockWindowMinutes when, after its stock statements, any product
 * it holds has lowStockLeft or fewer left (its last ones included), so scarce items are not held for long.
 */
export function shortHoldStatement(ctx: ServiceCtx, orderId: string, createdAt: Date) {
  const minutes = Math.min(SHOP_LIMITS.lowStockWindowMinutes, ctx.config.ORDER_PAYMENT_WINDOW_MINUTES);
  const scarce = sql`exists (select 1 from ${orderItems} join ${products} on ${products.id} = ${orderItems.productId}
    where ${orderItems.orderId} = ${orderId} and ${products.stockQuantity} <= ${SHOP_LIMITS.lowStockLeft})`;
  return ctx.db
    .update(orders)
    .set({ expiresAt: new Date(createdAt.getTime() + minutes * 60_000) })
    .where(and(eq(orders.id, orderId), scarce))
    .returning();
}
