import { eq, sql } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { CreateOrderInput } from '#core/shop/order-schemas.ts';
import type { OrderView, PaymentStart } from '#core/shop/views.ts';
import { orderItems, orders, products, type NewOrderItemRow, type OrderRow } from '#db/schema/index.ts';
import { couponRefusedError, takeCouponUse } from '#worker/lib/coupon-uses.ts';
import { causes, isUniqueViolation } from '#worker/lib/db-errors.ts';
import { conflict } from '#worker/lib/errors.ts';
import { schoolCurrency } from '#worker/lib/payments/currency.ts';
import { defaultGateway, gatewayFor } from '#worker/lib/payments/registry.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { capRefusal, cappedTotal, overUnpaidCap, shortHoldStatement } from './orders.holds.ts';
import { orderPayment } from './orders.pay.ts';
import { priceOrder, type PricedOrder } from './orders.pricing.ts';
import { serializeOrder } from './orders.serialize.ts';

const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** DOJO-YYMMDD-XXXXX: the day it was placed (UTC) and five characters a person can read out without confusion. */
export function newOrderNumber(at = new Date()): string {
  const day = at.toISOString().slice(2, 10).replaceAll('-', '');
  const rand = [...crypto.getRandomValues(new Uint8Array(5))].map((b) => NUMBER_ALPHABET[b % NUMBER_ALPHABET.length]).join('');
  return `DOJO-${day}-${rand}`;
}

const failedCheck = (err: unknown) =>
  causes(err).some((e) => /products_stock_nonnegative|FOREIGN KEY/i.test(String((e as Error)?.message ?? '')));

/**
 * The order, its lines, one stock statement per line and the coupon use, in ONE batch. A line whose
 * product ran out (or was deactivated: its stock is set to -1 on purpose) breaks the stock CHECK, the
 * coupon trigger refuses a use past its limits, and the order's own INSERT refuses past the unpaid-order
 * caps (cappedTotal): either way nothing of the order is written. Scarce items get a shorter window.
 */
async function reserve(ctx: ServiceCtx, input: CreateOrderInput, priced: PricedOrder, userId: string, gateway: string) {
  const at = new Date();
  const id = newId();
  const currency = await schoolCurrency(ctx.db);
  const { totals, lines, coupon } = priced;
  const items: NewOrderItemRow[] = lines.map((l, i) => ({
    id: newId(),
    orderId: id,
    productId: l.product.id,
    name: l.product.name,
    sku: l.product.sku,
    image: l.product.images[0] ?? null,
    size: l.size,
    color: l.color,
    quantity: l.quantity,
    unitPriceCents: l.unitCents,
    originalUnitPriceCents: l.product.priceCents,
    gstRateBp: l.product.gstRateBp,
    discountCents: totals.lines[i]!.discountCents,
    gstCents: totals.lines[i]!.gstCents,
    shippingCents: totals.lines[i]!.shippingCents,
    totalCents: totals.lines[i]!.totalCents,
    position: i,
  }));
  const statements = [
    ctx.db
      .insert(orders)
      .values({
        id,
        orderNumber: newOrderNumber(at),
        userId,
        currency: currency.code,
        subtotalCents: totals.subtotalCents,
        couponCode: coupon?.code ?? null,
        couponId: coupon?.id ?? null,
        discountCents: totals.discountCents,
        gstCents: totals.gstCents,
        shippingCents: totals.shippingCents,
        totalCents: cappedTotal(ctx, userId, totals.totalCents, at),
        clientIp: ctx.ip,
        paymentMethod: gateway,
        contact: input.contact,
        shippingAddress: input.shippingAddress,
        notes: input.notes,
        expiresAt: new Date(at.getTime() + ctx.config.ORDER_PAYMENT_WINDOW_MINUTES * 60_000),
        createdAt: at,
        updatedAt: at,
      })
      .returning(),
    ctx.db.insert(orderItems).values(items).returning(),
    ...lines.map((l) =>
      ctx.db
        .update(products)
        .set({ stockQuantity: sql`case when ${products.isActive} = 1 then ${products.stockQuantity} - ${l.quantity} else -1 end` })
        .where(eq(products.id, l.product.id)),
    ),
    ...(coupon
      ? [
          takeCouponUse(ctx.db, {
            couponId: coupon.id,
            userId,
            purchaseType: 'order',
            purchaseId: id,
            category: 'shop',
            amountCents: totals.subtotalCents,
            discountCents: totals.discountCents,
          }),
        ]
      : []),
    shortHoldStatement(ctx, id, at),
  ] as const;
  const [[inserted], itemRows, ...rest] = await batch(ctx.db, statements);
  // The short hold is the last statement; the stock and coupon statements before it vary in number.
  const [shortened] = rest.at(-1) as OrderRow[];
  return { order: shortened ?? inserted!, items: itemRows };
}

async function reserveOnce(ctx: ServiceCtx, input: CreateOrderInput, priced: PricedOrder, userId: string, gateway: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await reserve(ctx, input, priced, userId, gateway);
    } catch (err) {
      const refused = couponRefusedError(err) ?? (overUnpaidCap(err) ? await capRefusal(ctx, userId) : undefined);
      if (refused) throw refused;
      // an order number drawn twice the same day, or an unpaid order ended since the cap refused this one
      if ((isUniqueViolation(err) || overUnpaidCap(err)) && attempt < 2) continue;
      if (failedCheck(err)) {
        await priceOrder(ctx, input, userId); // throws what changed: sold out, deactivated, removed
        throw conflict('Some items are no longer available in the quantity asked. Please review your cart.');
      }
      throw err;
    }
  }
}

/** POST /api/orders: priced from the database, stock and coupon held, then sent to the gateway. */
export async function createOrder(ctx: ServiceCtx, input: CreateOrderInput): Promise<{ order: OrderView; payment: PaymentStart }> {
  const user = signedIn(ctx);
  const gateway = gatewayFor(ctx.config, ctx.origin, input.paymentMethod ?? defaultGateway(ctx.config)).name;
  const priced = await priceOrder(ctx, input, user.id);
  const { order, items } = await reserveOnce(ctx, input, priced, user.id, gateway);
  const payment = await orderPayment(ctx, order, gateway, { abandonOnFailure: true });
  return { order: serializeOrder(order, items), payment };
}
