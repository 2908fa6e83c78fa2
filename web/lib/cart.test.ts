import { describe, expect, it } from 'vitest';
import type { ProductView } from '#core/shop/views.ts';
import { addLine, lineFor, lineKey, setQuantity, totalsOf } from './cart.ts';

const product = (over: Partial<ProductView> = {}): ProductView => ({
  _id: 'p1',
  name: 'Mouth guard',
  description: '',
  price: 15,
  originalPrice: 15,
  discountedPrice: null,
  finalPrice: 15,
  images: [],
  image: null,
  stockQuantity: 3,
  inStock: true,
  category: 'protective-gear',
  sku: 'MG-1',
  gstRate: 12,
  shippingFee: 2,
  weight: null,
  sizes: [],
  colors: [],
  isActive: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('the cart says when it lowers a quantity (spec 5: capped at maxStock)', () => {
  it('adds up to the stock and says so when asked for more', () => {
    const first = addLine([], lineFor(product(), { size: null, color: null, quantity: 5 }));
    expect(first.lines[0]!.quantity).toBe(3);
    expect(first.capped).toBe('Only 3 of Mouth guard left: quantity set to 3');
    const again = addLine(first.lines, lineFor(product(), { size: null, color: null, quantity: 1 }));
    expect(again.lines[0]!.quantity).toBe(3);
    expect(again.capped).toBe('Only 3 of Mouth guard left: quantity set to 3');
    expect(addLine([], lineFor(product(), { size: null, color: null, quantity: 2 })).capped).toBeNull();
  });

  it('refuses a sold-out product and caps a typed quantity, saying so', () => {
    expect(addLine([], lineFor(product({ stockQuantity: 0 }), { size: null, color: null, quantity: 1 })).refusal).toBe(
      'Mouth guard is out of stock',
    );
    const { lines } = addLine([], lineFor(product(), { size: null, color: null, quantity: 1 }));
    const key = lineKey(lines[0]!);
    expect(setQuantity(lines, key, 60)).toMatchObject({ capped: 'Only 3 of Mouth guard left: quantity set to 3' });
    expect(setQuantity(lines, key, 60).lines[0]!.quantity).toBe(3);
    expect(setQuantity(lines, key, 2)).toMatchObject({ capped: null });
    expect(setQuantity(lines, key, 0).lines).toEqual([]);
  });

  it("prices with the school's shipping rules as the server does", () => {
    const { lines } = addLine([], lineFor(product({ stockQuantity: 100 }), { size: null, color: null, quantity: 60 }));
    expect(totalsOf(lines, null).shippingCents).toBe(12_000);
    expect(totalsOf(lines, null, { capCents: 2500, freeOverCents: null }).shippingCents).toBe(2500);
    expect(totalsOf(lines, null, { capCents: null, freeOverCents: 90_000 }).shippingCents).toBe(0);
  });
});
