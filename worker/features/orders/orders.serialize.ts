import { fromCents } from '#core/money.ts';
import { bpToPercent } from '#core/shop/cart-totals.ts';
import type { OrderItemView, OrderView } from '#core/shop/views.ts';
import type { OrderItemRow, OrderRow } from '#db/schema/index.ts';
import { objectUrl } from '#worker/lib/public-files.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function serializeItem(row: OrderItemRow): OrderItemView {
  return {
    _id: row.id,
    product: row.productId,
    productId: row.productId,
    name: row.name,
    sku: row.sku,
    image: objectUrl(row.image),
    size: row.size,
    color: row.color,
    quantity: row.quantity,
    price: fromCents(row.unitPriceCents),
    originalPrice: fromCents(row.originalUnitPriceCents),
    gstRate: bpToPercent(row.gstRateBp),
    discountAmount: fromCents(row.discountCents),
    gstAmount: fromCents(row.gstCents),
    shippingFee: fromCents(row.shippingCents),
    lineTotal: fromCents(row.totalCents),
  };
}

export function serializeOrder(row: OrderRow, items: readonly OrderItemRow[]): OrderView {
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    user: row.userId,
    orderStatus: row.status,
    items: items.map(serializeItem),
    currency: row.currency,
    subtotal: fromCents(row.subtotalCents),
    couponCode: row.couponCode,
    discountAmount: fromCents(row.discountCents),
    gstAmount: fromCents(row.gstCents),
    shippingAmount: fromCents(row.shippingCents),
    totalAmount: fromCents(row.totalCents),
    paymentMethod: row.paymentMethod,
    contact: row.contact,
    shippingAddress: row.shippingAddress,
    notes: row.notes,
    cancelReason: row.cancelReason,
    cancelledAt: iso(row.cancelledAt),
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    refundedAt: iso(row.refundedAt),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
