import { asc, eq, inArray } from 'drizzle-orm';
import { isAdminCapable } from '#core/roles.ts';
import { ORDER_MESSAGES } from '#core/shop/order-schemas.ts';
import type { Db } from '#db/client.ts';
import { orderItems, orders, type OrderItemRow, type OrderRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeOrder } from './orders.serialize.ts';

/** An order and its lines, in one round trip. */
export async function loadOrder(db: Db, id: string): Promise<{ order: OrderRow; items: OrderItemRow[] } | undefined> {
  const [found, items] = await db.batch([
    db.select().from(orders).where(eq(orders.id, id)),
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position)),
  ]);
  return found[0] ? { order: found[0], items } : undefined;
}

/** The caller's own order, or any order for an admin-capable caller; 404 for everyone else (never 403: ids stay secret). */
export async function visibleOrder(ctx: ServiceCtx, id: string) {
  const user = signedIn(ctx);
  const loaded = await loadOrder(ctx.db, id);
  if (!loaded || (loaded.order.userId !== user.id && !isAdminCapable(user.role))) throw notFound(ORDER_MESSAGES.notFound);
  return loaded;
}

export const orderView = async (db: Db, id: string) => {
  const loaded = await loadOrder(db, id);
  if (!loaded) throw notFound(ORDER_MESSAGES.notFound);
  return serializeOrder(loaded.order, loaded.items);
};

/** Views of a page of orders: their lines in one query. */
export async function withItems(db: Db, rows: readonly OrderRow[]) {
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((r) => serializeOrder(r, byOrder.get(r.id) ?? []));
}
