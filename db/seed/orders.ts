import { cartTotals } from '#core/shop/cart-totals.ts';
import { orderItems, orders, payments, type NewOrderItemRow, type NewOrderRow, type NewPaymentRow } from '#db/schema/index.ts';
import { demoUserIds } from './demo-users.ts';
import { DEMO_PRODUCTS } from './products.ts';
import type { Seeder } from './types.ts';

const DAY = 86_400_000;

type Demo = {
  id: string;
  number: string;
  status: 'paid' | 'delivered';
  ago: number;
  lines: { productId: string; quantity: number; size?: string; color?: string }[];
};

/** The demo student's shop orders: one paid yesterday and waiting to ship (the admin's queue), one delivered. */
const DEMO: Demo[] = [
  {
    id: 'seed-order-0001',
    number: 'DOJO-SEED-0001',
    status: 'paid',
    ago: 1,
    lines: [
      { productId: 'seed-product-gi-student', quantity: 1, size: '2' },
      { productId: 'seed-product-belt', quantity: 1, color: 'Yellow' },
    ],
  },
  {
    id: 'seed-order-0002',
    number: 'DOJO-SEED-0002',
    status: 'delivered',
    ago: 12,
    lines: [{ productId: 'seed-product-gloves', quantity: 1, size: 'M' }],
  },
];

/** Priced like POST /orders prices them (core's cart maths), each with its sandbox payment. Idempotent (fixed ids). */
export const ordersSeeder: Seeder = {
  name: 'orders',
  async run({ db }) {
    const userId = (await demoUserIds(db, ['student@dojo.local'])).get('student@dojo.local');
    if (!userId) return 0;
    const now = Date.now();
    const orderRows: NewOrderRow[] = [];
    const itemRows: NewOrderItemRow[] = [];
    const paymentRows: NewPaymentRow[] = [];
    for (const d of DEMO) {
      const lines = d.lines.map((l) => ({ ...l, product: DEMO_PRODUCTS.find((p) => p.id === l.productId)! }));
      const t = cartTotals(
        lines.map((l) => ({
          unitCents: l.product.priceCents,
          quantity: l.quantity,
          gstRateBp: l.product.gstRateBp ?? 0,
          shippingFeeCents: l.product.shippingFeeCents ?? 0,
        })),
      );
      const at = new Date(now - d.ago * DAY);
      const paidAt = new Date(at.getTime() + 5 * 60_000);
      orderRows.push({
        id: d.id,
        orderNumber: d.number,
        userId,
        status: d.status,
        subtotalCents: t.subtotalCents,
        gstCents: t.gstCents,
        shippingCents: t.shippingCents,
        totalCents: t.totalCents,
        paymentMethod: 'sandbox',
        contact: { name: 'Leo Park', email: 'student@dojo.local', phone: '604-555-0142' },
        shippingAddress: {
          line1: '1200 Main Street',
          line2: '',
          city: 'Vancouver',
          province: 'BC',
          postalCode: 'V6A 2T4',
          country: 'Canada',
        },
        paidAt,
        paidByPaymentId: `${d.id}-payment`,
        shippedAt: d.status === 'delivered' ? new Date(at.getTime() + DAY) : null,
        deliveredAt: d.status === 'delivered' ? new Date(at.getTime() + 3 * DAY) : null,
        expiresAt: new Date(at.getTime() + 30 * 60_000),
        createdAt: at,
        updatedAt: paidAt,
      });
      lines.forEach((l, i) =>
        itemRows.push({
          id: `${d.id}-item-${i + 1}`,
          orderId: d.id,
          productId: l.product.id!,
          name: l.product.name,
          sku: l.product.sku!,
          size: l.size ?? null,
          color: l.color ?? null,
          quantity: l.quantity,
          unitPriceCents: l.product.priceCents,
          originalUnitPriceCents: l.product.priceCents,
          gstRateBp: l.product.gstRateBp ?? 0,
          gstCents: t.lines[i]!.gstCents,
          shippingCents: t.lines[i]!.shippingCents,
          totalCents: t.lines[i]!.totalCents,
          position: i,
        }),
      );
      paymentRows.push({
        id: `${d.id}-payment`,
        userId,
        purchaseType: 'order',
        purchaseId: d.id,
        gateway: 'sandbox',
        sessionId: `seed-session-${d.id}`,
        providerPaymentId: `seed-pay-${d.id}`,
        amountCents: t.totalCents,
        currency: 'CAD',
        status: 'succeeded',
        paidAt,
        createdAt: at,
        updatedAt: paidAt,
      });
    }
    const added = await db.insert(orders).values(orderRows).onConflictDoNothing().returning({ id: orders.id });
    const fresh = new Set(added.map((r) => r.id));
    const items = itemRows.filter((r) => fresh.has(r.orderId));
    if (items.length) await db.insert(orderItems).values(items).onConflictDoNothing();
    await db.insert(payments).values(paymentRows).onConflictDoNothing();
    return added.length;
  },
};
