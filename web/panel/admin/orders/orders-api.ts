import type { OrderStatus } from '#core/shop/order-status.ts';
import type { OrderView } from '#core/shop/views.ts';
import { pagination } from '#core/paging.ts';
import { api, type Pagination } from '#web/lib/api.ts';

export const PAGE_SIZE = 20;

/** The list's filters as the screen keeps them; dates are YYYY-MM-DD as the API reads them. */
export type OrdersQuery = { page: number; status: OrderStatus | ''; search: string; from: string; to: string };
export const NO_FILTERS: OrdersQuery = { page: 1, status: '', search: '', from: '', to: '' };

export type OrdersListing = { orders: OrderView[]; pagination: Pagination };
export type BulkDeleted = { deletedCount: number; deletedIds: string[]; keptIds: string[] };

const orderPath = (id: string, tail = '') => `/orders/${encodeURIComponent(id)}${tail}`;

export async function readOrders(q: OrdersQuery, signal: AbortSignal): Promise<OrdersListing> {
  const body = await api<OrderView[]>('/orders/admin/all', {
    query: { page: q.page, limit: PAGE_SIZE, status: q.status, search: q.search, from: q.from, to: q.to },
    signal,
    fallback: 'Failed to fetch orders',
  });
  const orders = body.data ?? [];
  return { orders, pagination: body.pagination ?? pagination(1, PAGE_SIZE, orders.length) };
}

export const readOrder = (id: string, signal?: AbortSignal) => api<OrderView>(orderPath(id), { signal, fallback: 'Failed to fetch order' });

export const setOrderStatus = (id: string, status: OrderStatus) =>
  api<OrderView>(orderPath(id, '/status'), { method: 'PATCH', body: { status }, fallback: 'Failed to update order' });

/** A blank reason is left out, so the server writes its own ("Cancelled by admin"). */
export const cancelOrder = (id: string, reason: string) =>
  api<OrderView>(orderPath(id, '/cancel'), {
    method: 'PATCH',
    body: reason.trim() ? { cancelReason: reason.trim() } : {},
    fallback: 'Failed to update order',
  });

export const deleteOrder = (id: string) => api(orderPath(id), { method: 'DELETE', fallback: 'Failed to delete orders' });

export const deleteOrders = (orderIds: string[]) =>
  api<BulkDeleted>('/orders/bulk/delete', { method: 'DELETE', body: { orderIds }, fallback: 'Failed to delete orders' });

export const itemCount = (o: OrderView) => o.items.reduce((n, i) => n + i.quantity, 0);
