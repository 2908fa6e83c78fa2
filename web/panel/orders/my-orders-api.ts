import { CANCEL_REASONS } from '#core/shop/shop-options.ts';
import type { OrderView } from '#core/shop/views.ts';
import { api } from '#web/lib/api.ts';
import type { OfflineInfo } from '#web/lib/content-api.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { readWithStoredCopy } from '#web/lib/stored-copy.ts';

export type MyOrders = { success: boolean; orders: OrderView[]; offline?: OfflineInfo; message?: string };

/** GET /orders/my-orders, kept under `user_orders`; when the API is unreachable, the stored copy with success false (spec 8). */
export async function readMyOrders(signal?: AbortSignal): Promise<MyOrders> {
  const answer = await readWithStoredCopy<OrderView[]>(STORAGE_KEYS.userOrders, '/orders/my-orders', {
    query: { limit: 50 },
    signal,
    fallback: 'Failed to fetch orders',
  });
  return {
    success: answer.success,
    orders: answer.data ?? [],
    ...(answer.offline ? { offline: answer.offline, message: answer.message } : {}),
  };
}

export const cancelMyOrder = (id: string, cancelReason: string) =>
  api<{ order: OrderView }>(`/orders/${encodeURIComponent(id)}/cancel`, {
    method: 'PATCH',
    body: { cancelReason: cancelReason.trim() || CANCEL_REASONS.user },
    fallback: 'Failed to cancel order',
  });
