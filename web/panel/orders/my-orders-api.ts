import { CANCEL_REASONS } from '#core/shop/shop-options.ts';
import type { OrderView } from '#core/shop/views.ts';
import { api, errorMessage } from '#web/lib/api.ts';
import { isUnreachable, type OfflineInfo } from '#web/lib/content-api.ts';
import { readStoredJson, STORAGE_KEYS, writeStored } from '#web/lib/storage-keys.ts';

type Stored = { savedAt: string; orders: OrderView[] };
export type MyOrders = { success: boolean; orders: OrderView[]; offline?: OfflineInfo; message?: string };

/** GET /orders/my-orders, kept under `user_orders`; when the API is unreachable, the stored copy with success false (spec 8). */
export async function readMyOrders(signal?: AbortSignal): Promise<MyOrders> {
  try {
    const body = await api<OrderView[]>('/orders/my-orders', { query: { limit: 50 }, signal, fallback: 'Failed to fetch orders' });
    const orders = body.data ?? [];
    writeStored(STORAGE_KEYS.userOrders, JSON.stringify({ savedAt: new Date().toISOString(), orders } satisfies Stored));
    return { success: true, orders };
  } catch (err) {
    if (!isUnreachable(err)) throw err;
    const copy = readStoredJson<Stored>(STORAGE_KEYS.userOrders);
    if (!copy) throw err;
    return {
      success: false,
      orders: copy.orders,
      offline: { savedAt: copy.savedAt, message: errorMessage(err) },
      message: errorMessage(err),
    };
  }
}

export const cancelMyOrder = (id: string, cancelReason: string) =>
  api<{ order: OrderView }>(`/orders/${encodeURIComponent(id)}/cancel`, {
    method: 'PATCH',
    body: { cancelReason: cancelReason.trim() || CANCEL_REASONS.user },
    fallback: 'Failed to cancel order',
  });
