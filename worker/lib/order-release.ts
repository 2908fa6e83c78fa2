import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { RESTOCKED_FROM, type OrderStatus } from '#core/shop/order-status.ts';
import type { Db } from '#db/client.ts';
import { orderItems, orders, products, type NewOrderRow } from '#db/schema/index.ts';
import { releaseCouponUsesOf } from '#worker/lib/coupon-uses.ts';

/**
 * An order that leaves its live states (cancelled, expired, refunded, deleted while unpaid) gives back
 * what it held, in the batch of the statement that moved it. That statement writes a fresh release
 * token — `restock:<t>` when the goods never left (the old status in RESTOCKED_FROM), `keep:<t>`
 * otherwise — and the stock and coupon statements act only on orders carrying it, so a move that
 * matched nothing (a second cancel, a race lost) gives nothing back twice.
 */
export const freshReleaseToken = () => newId();

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The SET value of orders.release_token: decided by the row's status before the update. */
export const releaseTokenValue = (token: string) =>
  sql`case when ${orders.status} in (${list(RESTOCKED_FROM)}) then ${`restock:${token}`} else ${`keep:${token}`} end`;

/** The orders a move stamped with `token` (all of them, or only those that go back on the shelf). */
const stamped = (token: string, restockOnly: boolean, orderId?: string) => {
  const tokens = restockOnly ? [`restock:${token}`] : [`restock:${token}`, `keep:${token}`];
  const byId = orderId ? sql` and ${orders.id} = ${orderId}` : sql``;
  return sql`select ${orders.id} from ${orders} where ${orders.releaseToken} in (${list(tokens)})${byId}`;
};

/** Stock back for every line of the stamped orders (one statement, summed per product) and their coupon uses released. */
export function releaseStatements(db: Db, token: string, orderId?: string) {
  const restocked = stamped(token, true, orderId);
  const quantities = sql`select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.productId} = ${products.id} and ${orderItems.orderId} in (${restocked})`;
  return [
    db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + (${quantities})` })
      .where(sql`${products.id} in (select ${orderItems.productId} from ${orderItems} where ${orderItems.orderId} in (${restocked}))`),
    releaseCouponUsesOf(db, 'order', stamped(token, false, orderId)),
  ] as const;
}

type EndState = Extract<OrderStatus, 'cancelled' | 'refunded'>;

/**
 * One order moved to an end state from one of `from` (one conditional UPDATE … RETURNING), with its
 * stock and coupon use given back in the same batch. `where` narrows it further (the owner).
 */
export function endOrderStatements(
  db: Db,
  opts: { orderId: string; from: readonly OrderStatus[]; to: EndState; at: Date; set?: Partial<NewOrderRow>; where?: SQL | undefined },
) {
  const token = freshReleaseToken();
  const move = db
    .update(orders)
    .set({
      status: opts.to,
      ...(opts.to === 'refunded' ? { refundedAt: opts.at } : { cancelledAt: opts.at }),
      ...opts.set,
      releaseToken: releaseTokenValue(token),
      updatedAt: opts.at,
    })
    .where(and(eq(orders.id, opts.orderId), inArray(orders.status, [...opts.from]), opts.where))
    .returning();
  return [move, ...releaseStatements(db, token, opts.orderId)] as const;
}
