/** Shared by the orders tests (not a test file itself). */
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import type { Role } from '#core/roles.ts';
import { couponUses, coupons, orders, products, type NewCouponRow, type NewProductRow } from '#db/schema/index.ts';
import { api, createUser, testDb, uniq, type TestUser } from '#test/helpers.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { sandboxApproval } from '#worker/lib/payments/sandbox.ts';

export const ADMIN_ROLES = ['grandmaster', 'admin', 'super-admin'] as const satisfies readonly Role[];
export const NON_ADMIN_ROLES = ['student', 'member', 'instructor'] as const satisfies readonly Role[];

export const config = () => loadConfig(env as unknown as Bindings);

/** A product straight in the database: $20.00, 13% GST, $2.00 shipping, 10 in stock unless told otherwise. */
export async function insertProduct(overrides: Partial<NewProductRow> = {}) {
  const tag = uniq();
  return testDb()
    .insert(products)
    .values({
      id: newId(),
      name: `Gi ${tag}`,
      priceCents: 2000,
      stockQuantity: 10,
      category: 'uniforms',
      sku: `SKU-${tag}`,
      gstRateBp: 1300,
      shippingFeeCents: 200,
      ...overrides,
    })
    .returning()
    .get();
}

export async function insertCoupon(overrides: Partial<NewCouponRow> = {}) {
  return testDb()
    .insert(coupons)
    .values({
      id: newId(),
      code: `C${uniq().toUpperCase()}`,
      discountType: 'percentage',
      discountValue: 1000,
      category: 'shop',
      ...overrides,
    })
    .returning()
    .get();
}

export const checkout = (overrides: Record<string, unknown> = {}) => ({
  contact: { name: 'Aiko Tanaka', email: 'aiko@example.test', phone: '+1 604 555 0101' },
  shippingAddress: { line1: '1 Dojo Way', city: 'Vancouver', province: 'BC', postalCode: 'V5K 0A1', country: 'Canada' },
  paymentMethod: 'sandbox',
  ...overrides,
});

export const line = (product: string, quantity = 1, extra: Record<string, unknown> = {}) => ({ product, quantity, price: 0.01, ...extra });

export const placeOrder = (user: TestUser, body: Record<string, unknown>) =>
  api('/api/orders', { method: 'POST', token: user.token, body });

/** The sandbox's Approve: the proof a buyer brings back, signed here as the sandbox page signs it. */
export async function approve(sessionId: string) {
  return sandboxApproval(config(), sessionId);
}

export async function verify(user: TestUser, orderId: string, sessionId: string) {
  return api('/api/orders/verify-payment', { method: 'POST', token: user.token, body: { orderId, ...(await approve(sessionId)) } });
}

/** A paid order for a fresh buyer: created and verified through the API. */
export async function paidOrder(productOverrides: Partial<NewProductRow> = {}, quantity = 1) {
  const buyer = await createUser({ role: 'student' });
  const product = await insertProduct(productOverrides);
  const created = await placeOrder(buyer, checkout({ items: [line(product.id, quantity)] }));
  const { order, payment } = created.body.data;
  const verified = await verify(buyer, order._id, payment.sessionId);
  return { buyer, product, order, payment, verified };
}

export const stockOf = async (id: string) =>
  (await testDb().select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id)).get())?.stock;

export const orderRow = (id: string) => testDb().select().from(orders).where(eq(orders.id, id)).get();

export const usesOf = (couponId: string) => testDb().select().from(couponUses).where(eq(couponUses.couponId, couponId));
