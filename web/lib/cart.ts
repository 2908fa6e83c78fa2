import { cartTotals, percentToBp, type CartTotals } from '#core/shop/cart-totals.ts';
import { choiceRefusal, quantityCapped } from '#core/shop/cart-rules.ts';
import { NO_SHIPPING_RULES, type ShippingRules } from '#core/shop/shipping.ts';
import { SHOP_LIMITS } from '#core/shop/shop-options.ts';
import type { ProductView } from '#core/shop/views.ts';
import { readStoredJson, removeStored, STORAGE_KEYS, writeStored } from './storage-keys.ts';

/** Spec 3 Cart line, as kept under localStorage `cart`. Prices are decimals (what the product said). */
export type CartLine = {
  productId: string;
  name: string;
  price: number;
  originalPrice: number;
  image: string | null;
  quantity: number;
  size: string | null;
  color: string | null;
  maxStock: number;
  addedAt: string;
  category: string;
  sku: string;
  gstRate: number;
  shippingFee: number;
  weight: number | null;
  availableSizes: string[];
  availableColors: string[];
};

/** Spec 3 applied-to-cart coupon, kept under `applied_coupon`. */
export type AppliedCoupon = {
  code: string;
  discountAmount: number;
  discountType: 'percentage' | 'fixed';
  discountValue: number;
  appliedAt: string;
  maxDiscount: number | null;
  minAmount: number;
  finalAmount: number;
  originalAmount: number;
  savings: number;
  description: string;
};

export const CART_EVENT = 'dojo:cart';
export const lineKey = (l: Pick<CartLine, 'productId' | 'size' | 'color'>) => JSON.stringify([l.productId, l.size, l.color]);
// 0 is a known stock (sold out), not an unknown one.
const cap = (l: Pick<CartLine, 'maxStock'>) =>
  Math.max(0, Math.min(typeof l.maxStock === 'number' ? l.maxStock : SHOP_LIMITS.defaultMaxStock, SHOP_LIMITS.maxQuantity));

const isLine = (v: unknown): v is CartLine =>
  !!v && typeof v === 'object' && typeof (v as CartLine).productId === 'string' && Number.isInteger((v as CartLine).quantity);

/** The stored cart; anything malformed is dropped rather than trusted. */
export function readCart(): CartLine[] {
  const raw = readStoredJson<unknown>(STORAGE_KEYS.cart);
  return Array.isArray(raw) ? raw.filter(isLine).map((l) => ({ ...l, size: l.size ?? null, color: l.color ?? null })) : [];
}

function announce() {
  globalThis.dispatchEvent?.(new Event(CART_EVENT));
}

export function writeCart(lines: readonly CartLine[]): void {
  if (lines.length) writeStored(STORAGE_KEYS.cart, JSON.stringify(lines));
  else removeStored(STORAGE_KEYS.cart);
  announce();
}

export const cartCount = (lines: readonly CartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** A cart line for a product and the buyer's choices (spec 3 fields). */
export function lineFor(
  product: ProductView,
  choice: { size: string | null; color: string | null; quantity: number },
  now = new Date(),
): CartLine {
  return {
    productId: product._id,
    name: product.name,
    price: product.finalPrice,
    originalPrice: product.originalPrice,
    image: product.image,
    quantity: choice.quantity,
    size: choice.size,
    color: choice.color,
    maxStock: product.stockQuantity ?? SHOP_LIMITS.defaultMaxStock,
    addedAt: now.toISOString(),
    category: product.category,
    sku: product.sku,
    gstRate: product.gstRate,
    shippingFee: product.shippingFee,
    weight: product.weight,
    availableSizes: product.sizes,
    availableColors: product.colors,
  };
}

/** Spec 5: a size (colour) from the product's must be chosen; the message names what is missing. */
export const lineRefusal = (l: CartLine) =>
  choiceRefusal({ name: l.name, sizes: l.availableSizes, colors: l.availableColors }, l.size, l.color);

type CartChange = { lines: CartLine[]; refusal: string | null; capped: string | null };

/**
 * Adds a line (or adds to the same product, size and colour), capped at maxStock. Answers the refusal,
 * if any, and `capped` when the quantity was lowered (the buyer is told, spec 5).
 */
export function addLine(lines: readonly CartLine[], line: CartLine): CartChange {
  const refusal = lineRefusal(line);
  if (refusal) return { lines: [...lines], refusal, capped: null };
  if (cap(line) === 0) return { lines: [...lines], refusal: quantityCapped(line.name, 0), capped: null };
  const key = lineKey(line);
  const existing = lines.find((l) => lineKey(l) === key);
  const wanted = (existing?.quantity ?? 0) + line.quantity;
  const quantity = Math.min(wanted, cap(line));
  const capped = quantity < wanted ? quantityCapped(line.name, cap(line)) : null;
  if (!existing) return { lines: [...lines, { ...line, quantity }], refusal: null, capped };
  return {
    lines: lines.map((l) => (lineKey(l) === key ? { ...l, ...line, addedAt: l.addedAt, quantity } : l)),
    refusal: null,
    capped,
  };
}

/** A new quantity for one line (0 removes it), capped at maxStock; `capped` says when it was lowered. */
export function setQuantity(lines: readonly CartLine[], key: string, quantity: number): { lines: CartLine[]; capped: string | null } {
  if (!(quantity > 0)) return { lines: lines.filter((l) => lineKey(l) !== key), capped: null };
  let capped: string | null = null;
  const next = lines.map((l) => {
    if (lineKey(l) !== key) return l;
    const wanted = Math.floor(quantity);
    if (wanted > cap(l)) capped = quantityCapped(l.name, cap(l));
    return { ...l, quantity: Math.min(wanted, cap(l)) };
  });
  return { lines: next, capped };
}

/** Spec 5 stock check: the lines asking for more than the stock known. */
export const overStock = (lines: readonly CartLine[]) => lines.filter((l) => l.quantity > (l.maxStock ?? SHOP_LIMITS.defaultMaxStock));

/** Checkout's refusal: every line missing a required size or colour ('Please select … - missing size and color'). */
export function missingChoices(lines: readonly CartLine[]): string | null {
  const missing = lines.flatMap((l) => {
    const parts = [l.availableSizes.length && !l.size ? 'size' : '', l.availableColors.length && !l.color ? 'color' : ''].filter(Boolean);
    return parts.length ? [`${l.name} - missing ${parts.join(' and ')}`] : [];
  });
  return missing.length ? `Please select ${missing.join('; ')}` : null;
}

const cents = (n: number) => Math.round(n * 100);

/** Spec 9 totals in cents (with the school's shipping rules) through the one core function the server also uses. */
export function totalsOf(
  lines: readonly CartLine[],
  coupon: AppliedCoupon | null,
  shipping: ShippingRules = NO_SHIPPING_RULES,
): CartTotals {
  return cartTotals(
    lines.map((l) => ({
      unitCents: cents(l.price),
      quantity: l.quantity,
      gstRateBp: percentToBp(l.gstRate),
      shippingFeeCents: cents(l.shippingFee),
    })),
    coupon ? cents(coupon.discountAmount) : 0,
    shipping,
  );
}

export const subtotalOf = (lines: readonly CartLine[]) => lines.reduce((a, l) => a + cents(l.price) * l.quantity, 0);

export const readCoupon = () => readStoredJson<AppliedCoupon>(STORAGE_KEYS.appliedCoupon);
export function writeCoupon(coupon: AppliedCoupon | null) {
  if (coupon) writeStored(STORAGE_KEYS.appliedCoupon, JSON.stringify(coupon));
  else removeStored(STORAGE_KEYS.appliedCoupon);
  announce();
}

/** After a verified payment (spec 4): the cart and its coupon go. */
export function clearCart() {
  removeStored(STORAGE_KEYS.cart, STORAGE_KEYS.appliedCoupon);
  announce();
}
