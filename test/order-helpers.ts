import { newId } from '#core/ids.ts';
import type { OrderStatus } from '#core/shop/order-status.ts';
import { orders, type NewOrderRow } from '#db/schema/index.ts';
import { testDb } from './helpers.ts';

/**
 * An order of `user` for `totalCents`, written straight to the table, for the features that act on
 * orders without creating them (coupons, payments, notifications): they may not import the orders feature.
 */
export async function insertOrder(
  user: { id: string; email: string },
  totalCents = 5000,
  status: OrderStatus = 'pending_payment',
  extra: Partial<NewOrderRow> = {},
) {
  const id = newId();
  await testDb()
    .insert(orders)
    .values({
      id,
      orderNumber: `T-${id.slice(-12)}`,
      userId: user.id,
      status,
      subtotalCents: totalCents,
      totalCents,
      paymentMethod: 'sandbox',
      contact: { name: 'T', email: user.email, phone: '1' },
      shippingAddress: { line1: 'x', line2: '', city: 'x', province: 'x', postalCode: 'x', country: 'x' },
      expiresAt: new Date(Date.now() + 600_000),
      ...extra,
    });
  return id;
}
