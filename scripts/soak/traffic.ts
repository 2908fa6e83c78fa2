import { newId } from '#core/ids.ts';
import type { Recorder } from './recorder.ts';

export type SoakUser = { id: string; role: string; token: string };
export type Shop = { productId: string; couponCode: string };
type Action = (call: Recorder['call'], u: SoakUser, shop: Shop, others: SoakUser[]) => Promise<unknown>;

const SCHOOL = new Set(['admin', 'super-admin', 'grandmaster']);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

const orderBody = (shop: Shop, withCoupon: boolean) => ({
  items: [{ product: shop.productId, quantity: 1 + Math.floor(Math.random() * 2), price: 1 }],
  ...(withCoupon ? { couponCode: shop.couponCode } : {}),
  contact: { name: 'Soak Buyer', email: 'soak@example.test', phone: '555-0100' },
  shippingAddress: { line1: '1 Soak St', line2: '', city: 'Toronto', province: 'ON', postalCode: 'M5V 1A1', country: 'Canada' },
});

/** An order, then as a buyer would: pay it (sometimes verifying twice, sometimes then cancelling: a refund), cancel it, or walk away. */
const buy: Action = async (call, u, shop) => {
  const token = u.token;
  const created = await call('POST /api/orders', 'POST', '/api/orders', { token, body: orderBody(shop, Math.random() < 0.3) });
  if (created.status !== 201) return;
  const { order, payment } = created.body.data as { order: { _id: string }; payment: { checkoutUrl: string } };
  const cancel = () => call('PATCH /api/orders/:id/cancel', 'PATCH', `/api/orders/${order._id}/cancel`, { token, body: {} });
  const r = Math.random();
  if (r < 0.6) {
    const approved = await call('POST /pay/sandbox/:sessionId', 'POST', new URL(payment.checkoutUrl).pathname, {
      token,
      body: { outcome: 'approve' },
    });
    if (approved.status !== 200 || !approved.body?.success) return;
    const proof = { orderId: order._id, ...approved.body.data };
    const verified = await call('POST /api/orders/verify-payment', 'POST', '/api/orders/verify-payment', { token, body: proof });
    if (Math.random() < 0.15) await call('POST /api/orders/verify-payment', 'POST', '/api/orders/verify-payment', { token, body: proof });
    if (verified.status === 200 && Math.random() < 0.25) await cancel();
  } else if (r < 0.85) await cancel();
};

const get =
  (route: string, path: string, accept?: string): Action =>
  (call, u) =>
    call(route, 'GET', path, { token: u.token, ...(accept ? { accept } : {}) });

const everyone: [number, Action][] = [
  [10, get('GET /api/health', '/api/health')],
  [8, get('GET /api/auth/me', '/api/auth/me')],
  [5, get('GET /api/notifications/my', '/api/notifications/my')],
  [5, get('GET /api/notifications/unread-count', '/api/notifications/unread-count')],
  [4, get('GET /api/messages/conversation', '/api/messages/conversation')],
  [4, get('GET /api/messages/unread-count', '/api/messages/unread-count')],
  [6, get('GET /api/products', '/api/products?limit=20')],
  [4, (call, u, shop) => call('GET /api/products/:id', 'GET', `/api/products/${shop.productId}`, { token: u.token })],
  [4, get('GET /api/courses', '/api/courses')],
  [3, get('GET /api/events', '/api/events')],
  [4, get('GET /api/orders/my-orders', '/api/orders/my-orders')],
  [2, get('GET / (page)', '/', 'text/html')],
  [2, get('GET /shop (page)', '/shop', 'text/html')],
  [1, (call, u) => call('POST /api/messages/send', 'POST', '/api/messages/send', { token: u.token, body: { content: `soak ${newId()}` } })],
  [6, buy],
];

const school: [number, Action][] = [
  [5, get('GET /api/orders/admin/all', '/api/orders/admin/all?limit=20')],
  [4, get('GET /api/messages', '/api/messages?limit=20')],
  [3, get('GET /api/messages/users', '/api/messages/users?limit=50')],
  [2, get('GET /api/messages/stats', '/api/messages/stats')],
  [3, get('GET /api/users', '/api/users?limit=20')],
  [
    1,
    (call, u, _shop, others) =>
      call('POST /api/messages/admin/reply', 'POST', '/api/messages/admin/reply', {
        token: u.token,
        body: { content: `soak reply ${newId()}`, targetSpecialId: pick(others.filter((o) => !SCHOOL.has(o.role))).id },
      }),
  ],
];

function chooser(role: string): () => Action {
  const mix = SCHOOL.has(role) ? [...everyone, ...school] : everyone;
  const total = mix.reduce((n, [w]) => n + w, 0);
  return () => {
    let r = Math.random() * total;
    for (const [w, action] of mix) if ((r -= w) < 0) return action;
    return mix[0]![1];
  };
}

/** One connection's worth of traffic: `u`'s actions back to back until `deadline` (performance.now()). */
export async function userLoop(call: Recorder['call'], u: SoakUser, shop: Shop, others: SoakUser[], deadline: number) {
  const next = chooser(u.role);
  while (performance.now() < deadline) await next()(call, u, shop, others);
}
