import { eq, inArray } from 'drizzle-orm';
import { cartTotals, type CartTotals } from '#core/shop/cart-totals.ts';
import { couponDiscountCents } from '#core/shop/coupon-math.ts';
import { shopTermsOf } from '#core/shop/shop-terms.ts';
import { isPayableCents } from '#core/shop/currency.ts';
import { choiceRefusal, mergeLines } from '#core/shop/cart-rules.ts';
import { insufficientStock, unavailableProduct, type CreateOrderInput } from '#core/shop/order-schemas.ts';
import { coupons, products, type CouponRow, type ProductRow } from '#db/schema/index.ts';
import { usableCoupon } from '#worker/lib/coupon-uses.ts';
import { AppError, badRequest } from '#worker/lib/errors.ts';
import { PAYMENT_MESSAGES } from '#worker/lib/payments/records.ts';
import { shopTermsQuery } from '#worker/lib/shop-terms.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export type PricedLine = { product: ProductRow; size: string | null; color: string | null; quantity: number; unitCents: number };
export type PricedOrder = { lines: PricedLine[]; totals: CartTotals; coupon: CouponRow | null };

const unitCentsOf = (p: ProductRow) => p.discountedPriceCents ?? p.priceCents;

/** Every line checked against the catalogue as it is now: active, the size/color the product offers, enough stock. */
function checkLines(input: CreateOrderInput, found: readonly ProductRow[]): PricedLine[] {
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = mergeLines(input.items).map((line, i) => {
    const product = byId.get(line.product);
    if (!product || !product.isActive)
      throw badRequest(unavailableProduct(line.product), [{ path: `items.${i}.product`, message: unavailableProduct(line.product) }]);
    const refusal = choiceRefusal(product, line.size, line.color);
    if (refusal) throw badRequest(refusal, [{ path: `items.${i}`, message: refusal }]);
    return {
      product,
      size: product.sizes.length ? line.size : null,
      color: product.colors.length ? line.color : null,
      quantity: line.quantity,
      unitCents: unitCentsOf(product),
    };
  });
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.product.id, (wanted.get(l.product.id) ?? 0) + l.quantity);
  for (const [id, quantity] of wanted) {
    const p = byId.get(id)!;
    if (quantity > p.stockQuantity) {
      // Said, never capped silently: the buyer decides what to do with fewer.
      const message = insufficientStock(p.name, p.stockQuantity);
      const at = input.items.findIndex((item) => item.product === id);
      throw new AppError('CONFLICT', message, { errors: [{ path: `items.${at}.quantity`, message }] });
    }
  }
  return lines;
}

/** Spec 8: the coupon's own refusal for this caller and amount (the trigger re-checks the limits in the order's batch). */
async function checkCoupon(ctx: ServiceCtx, coupon: CouponRow | undefined, amountCents: number, userId: string) {
  return (await usableCoupon(ctx.db, coupon, { amountCents, category: 'shop', userId, unknown: 400 })).coupon;
}

/** Prices an order from the database alone (spec 9 cart maths, the school's shipping rules); what the browser sent as prices is never read. */
export async function priceOrder(ctx: ServiceCtx, input: CreateOrderInput, userId: string): Promise<PricedOrder> {
  const ids = [...new Set(input.items.map((i) => i.product))];
  const [found, couponRows, termsRows] = await ctx.db.batch([
    ctx.db.select().from(products).where(inArray(products.id, ids)),
    ctx.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, input.couponCode ?? '')),
    shopTermsQuery(ctx.db),
  ]);
  const { shipping } = shopTermsOf(termsRows[0]);
  const lines = checkLines(input, found);
  const totalsLines = lines.map((l) => ({
    unitCents: l.unitCents,
    quantity: l.quantity,
    gstRateBp: l.product.gstRateBp,
    shippingFeeCents: l.product.shippingFeeCents,
  }));
  const subtotal = cartTotals(totalsLines).subtotalCents;
  const coupon = input.couponCode ? await checkCoupon(ctx, couponRows[0], subtotal, userId) : null;
  const totals = cartTotals(totalsLines, coupon ? couponDiscountCents(coupon, subtotal) : 0, shipping);
  if (!isPayableCents(totals.totalCents)) throw badRequest(PAYMENT_MESSAGES.amountRange);
  return { lines, totals, coupon };
}
