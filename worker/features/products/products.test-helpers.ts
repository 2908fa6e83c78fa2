/** Product fixtures for the products tests (not a test file itself). */
import { expect } from 'vitest';
import type { ProductView } from '#core/shop/views.ts';
import { send, tagged } from '#test/catalog-helpers.ts';

export const productBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'Cotton gi for training',
  price: 59.99,
  stockQuantity: 10,
  category: 'uniforms',
  sku: `SKU-${tagged().toUpperCase()}`,
  gstRate: 13,
  shippingFee: 8,
  weight: 0.9,
  sizes: ['1', '2', '3'],
  ...extra,
});

export async function makeProduct(token: string, name: string, extra: Record<string, unknown> = {}): Promise<ProductView> {
  const res = await send('POST', '/api/products', token, productBody(name, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product as ProductView;
}
