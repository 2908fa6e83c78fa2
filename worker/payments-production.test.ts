import { env } from 'cloudflare:workers';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { newId } from '#core/ids.ts';
import { products } from '#db/schema/index.ts';
import { createUser, testDb, uniq, type TestUser } from '#test/helpers.ts';
import { insertCourse } from '#test/enrollment-helpers.ts';
import { insertMembership, purchaseForm } from '#test/membership-helpers.ts';
import { insertOrder } from '#test/order-helpers.ts';
import { createApp } from './app.ts';
import { GATEWAY_SETTINGS } from './config.ts';
import type { Bindings } from './env.ts';
import { NO_GATEWAY } from '#core/shop/shop-options.ts';

/** Issue 21 finding 1: in production payments fail closed. The Worker is built as deployed, with APP_ENV=production. */
const ALL_GATEWAYS: Record<string, string> = {
  STRIPE_SECRET_KEY: 'sk_live_of_the_test',
  STRIPE_WEBHOOK_SECRET: 'whsec_of_the_test',
  PAYPAL_CLIENT_ID: 'client-of-the-test',
  PAYPAL_CLIENT_SECRET: 'secret-of-the-test',
  PAYPAL_WEBHOOK_ID: 'webhook-of-the-test',
  RAZORPAY_KEY_ID: 'rzp_live_of_the_test',
  RAZORPAY_KEY_SECRET: 'key-secret-of-the-test',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-of-the-test',
};
const production = (settings: Record<string, string> = {}) =>
  ({ ...(env as unknown as Bindings), APP_ENV: 'production', PUBLIC_URL: 'http://dojo.test', ...settings }) as Bindings;

/** A request to a Worker started with `bindings` (createApp, as the fetch handler serves it). */
async function call(bindings: Bindings, path: string, init: { method?: string; token?: string; body?: unknown; raw?: BodyInit } = {}) {
  const headers = new Headers(init.token ? { authorization: `Bearer ${init.token}` } : {});
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const body = init.body !== undefined ? JSON.stringify(init.body) : init.raw;
  const res = await createApp().request(`http://dojo.test${path}`, { method: init.method ?? 'GET', headers, body }, bindings);
  const text = await res.text();
  return { status: res.status, text, json: (() => JSON.parse(text || 'null')) as () => any };
}

const quietErrors = () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  onTestFinished(() => logged.mockRestore());
  return () => logged.mock.calls.flat().join(' ');
};

describe('payments in production', () => {
  it('refuses to start with a partly configured gateway, naming each missing setting', async () => {
    for (const [gateway, names] of Object.entries(GATEWAY_SETTINGS)) {
      for (const missing of names) {
        const partial = Object.fromEntries(names.filter((n) => n !== missing).map((n) => [n, ALL_GATEWAYS[n]!]));
        const printed = quietErrors();
        const res = await call(production(partial), '/api/payments/methods');
        expect(res.status, `${gateway} without ${missing}`).toBe(500);
        expect(res.text).not.toContain(missing);
        expect(printed()).toContain(`Invalid configuration: ${missing} is required once ${gateway} is configured`);
      }
    }
  });

  it('offers the configured gateways and never the sandbox, whose pages answer 404', async () => {
    const full = production(ALL_GATEWAYS);
    const methods = (await call(full, '/api/payments/methods')).json();
    expect(methods.data.availableGateways).toEqual(['stripe', 'paypal', 'razorpay']);
    for (const bindings of [full, production()]) {
      expect((await call(bindings, '/pay/sandbox/sbx_any?return=/shop')).status).toBe(404);
      const form = new URLSearchParams({ outcome: 'approve', return: '/shop' });
      expect((await call(bindings, '/pay/sandbox/sbx_any', { method: 'POST', raw: form })).status).toBe(404);
      expect((await call(bindings, '/pay/sandbox/sbx_any', { method: 'POST', body: { outcome: 'approve' } })).status).toBe(404);
    }
    const payer = await createUser();
    const orderId = await insertOrder(payer);
    const sandbox = await call(full, `/api/orders/${orderId}/pay`, {
      method: 'POST',
      token: payer.token,
      body: { paymentMethod: 'sandbox' },
    });
    expect(sandbox.status).toBe(400);
    expect(sandbox.json().message).toBe('Payment method sandbox is not available');
  });

  it('starts without a gateway, says so in its log and in the settings, and refuses every checkout but a free one', async () => {
    const printed = quietErrors();
    const none = production();
    const methods = (await call(none, '/api/payments/methods')).json();
    expect(methods.data.availableGateways).toEqual([]);
    expect(printed().match(/No payment gateway is configured/g)).toHaveLength(1);
    expect((await call(none, '/api/settings')).json().data.payments).toEqual({ availableGateways: [], notice: NO_GATEWAY });

    const buyer = await createUser({ role: 'student' });
    const refused = async (path: string, init: { body?: unknown; raw?: BodyInit }) => {
      const res = await call(none, path, { method: 'POST', token: buyer.token, ...init });
      expect(res.status, path).toBe(503);
      expect(res.json(), path).toMatchObject({ success: false, code: 'UNAVAILABLE', message: NO_GATEWAY });
    };
    const product = await testDb()
      .insert(products)
      .values({ id: newId(), name: `Gi ${uniq()}`, priceCents: 2000, stockQuantity: 5, category: 'uniforms', sku: `SKU-${uniq()}` })
      .returning()
      .get();
    const contact = { name: 'Aiko Tanaka', email: 'aiko@example.test', phone: '+1 604 555 0101' };
    const shippingAddress = { line1: '1 Dojo Way', city: 'Vancouver', province: 'BC', postalCode: 'V5K 0A1', country: 'Canada' };
    await refused('/api/orders', { body: { items: [{ product: product.id, quantity: 1, price: 0.01 }], contact, shippingAddress } });
    await refused(`/api/orders/${await insertOrder(buyer)}/pay`, { body: {} });
    const course = await insertCourse();
    await refused('/api/enroll', { body: { courseId: course.id } });
    const { membership, plan } = await insertMembership();
    await refused('/api/purchase-membership', { raw: purchaseForm({ membershipId: membership.id, planId: plan.id }) });

    const free = await enrolFree(none, buyer);
    expect(free.status).toBe(201);
    expect(free.json().data).toMatchObject({ payment: null, enrollment: { paymentStatus: 'free' } });
  });
});

async function enrolFree(bindings: Bindings, user: TestUser) {
  const course = await insertCourse({ priceCents: 0, discountPriceCents: null });
  return call(bindings, '/api/enroll', { method: 'POST', token: user.token, body: { courseId: course.id } });
}
