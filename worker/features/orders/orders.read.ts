import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AdminOrdersQueryInput, MyOrdersQueryInput } from '#core/shop/order-schemas.ts';
import { orders } from '#db/schema/index.ts';
import { listPage } from '#worker/lib/list.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { visibleOrder, withItems } from './orders.queries.ts';
import { serializeOrder } from './orders.serialize.ts';

const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.id)];

const searchCondition = (term: string): SQL =>
  likeAny(term, [orders.orderNumber, sql`json_extract(${orders.contact}, '$.email')`, sql`json_extract(${orders.contact}, '$.name')`]);

/** One page of orders, newest first, with their lines. */
async function ordersPage(ctx: ServiceCtx, where: SQL | undefined, page: { page: number; limit: number }) {
  const { rows, pagination } = await listPage(ctx.db, { table: orders, where, orderBy: NEWEST_FIRST, page: page.page, limit: page.limit });
  return { orders: await withItems(ctx.db, rows), pagination };
}

/** GET /api/orders/my-orders: the caller's own, newest first. */
export async function myOrders(ctx: ServiceCtx, query: MyOrdersQueryInput) {
  const user = signedIn(ctx);
  return ordersPage(ctx, and(eq(orders.userId, user.id), query.status ? eq(orders.status, query.status) : undefined), query);
}

/** GET /api/orders/admin/all: every order, by status, search and creation date range. */
export async function allOrders(ctx: ServiceCtx, query: AdminOrdersQueryInput) {
  const where = and(
    query.status ? eq(orders.status, query.status) : undefined,
    query.search ? searchCondition(query.search) : undefined,
    query.from ? gte(orders.createdAt, query.from) : undefined,
    query.to ? lte(orders.createdAt, query.to) : undefined,
  );
  return ordersPage(ctx, where, query);
}

export async function getOrder(ctx: ServiceCtx, id: string) {
  const { order, items } = await visibleOrder(ctx, id);
  return serializeOrder(order, items);
}
