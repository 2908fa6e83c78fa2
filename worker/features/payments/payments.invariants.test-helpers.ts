/**
 * The world of the money invariants suite: the Worker's own fetch and scheduled handlers run with
 * Razorpay configured (besides the sandbox), Razorpay itself played at `fetch` with its documented
 * shapes, webhooks signed as Razorpay signs them, and the invariants read from the database.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq, inArray } from 'drizzle-orm';
import { vi } from 'vitest';
import { newId, newSecret } from '#core/ids.ts';
import { couponUses, coupons, courseEnrollments, orderItems, orders, payments, products } from '#db/schema/index.ts';
import { testDb } from '#test/helpers.ts';
import worker from '#worker/index.ts';
import { hmacSha256Hex } from '#worker/lib/payments/hmac.ts';

const RAZORPAY = {
  RAZORPAY_KEY_ID: 'rzp_test_invariants',
  RAZORPAY_KEY_SECRET: 'key-secret-of-the-invariants',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-of-the-invariants',
};

/** One env object for the whole file, so the Worker parses its configuration once. */
const configured = { ...(env as object), ...RAZORPAY } as never;

export type Reply = { status: number; body: any };

/** A request to the Worker's fetch handler with Razorpay configured. */
export async function call(
  path: string,
  init: { method?: string; token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const body = init.body !== undefined ? JSON.stringify(init.body) : init.raw;
  const exec = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://dojo.test${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }),
    configured,
    exec,
  );
  const text = await res.text();
  await waitOnExecutionContext(exec);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/** The Worker's scheduled handler at `at` (its jobs see `at` as now). */
export async function runScheduled(at: Date) {
  const exec = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: '* * * * *', scheduledTime: at.getTime() }), configured, exec);
  await waitOnExecutionContext(exec);
}

type RzpEvent = 'payment.captured' | 'payment.failed' | 'refund.processed';
export type Owed = { purchaseId: string; event: RzpEvent; entity: Record<string, unknown> };
type RzpPayment = {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'captured' | 'refunded' | 'failed';
  notes: Record<string, string>;
};

/**
 * Razorpay as the Worker sees it over fetch: orders, payments the buyer made in its widget, refunds,
 * and the webhook events each of them owes the school.
 */
export function fakeRazorpay() {
  const rzpOrders = new Map<string, { id: string; amount: number; currency: string; notes: Record<string, string> }>();
  const rzpPayments = new Map<string, RzpPayment>();
  /** The webhook events Razorpay owes the school, delivered in any order by the test. */
  const owed: Owed[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  async function answer(method: string, path: string, body: any): Promise<Response> {
    if (method === 'POST' && path === '/v1/orders') {
      const order = { id: `order_${newSecret(14)}`, amount: body.amount, currency: body.currency, notes: body.notes ?? {} };
      rzpOrders.set(order.id, order);
      return json(200, { ...order, entity: 'order', receipt: body.receipt, status: 'created' });
    }
    const got = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && got) {
      const p = rzpPayments.get(decodeURIComponent(got[1]!));
      return p
        ? json(200, { ...p, entity: 'payment', amount_refunded: p.status === 'refunded' ? p.amount : 0 })
        : json(400, { error: { description: 'The id provided does not exist' } });
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      const p = rzpPayments.get(decodeURIComponent(refund[1]!));
      if (!p) return json(400, { error: { description: 'The id provided does not exist' } });
      if (p.status === 'refunded') return json(400, { error: { description: 'The payment has been fully refunded already' } });
      return json(200, { id: refundOf(p), entity: 'refund', payment_id: p.id, amount: p.amount });
    }
    return json(404, { error: { description: `no stub for ${method} ${path}` } });
  }

  function refundOf(p: RzpPayment) {
    p.status = 'refunded';
    const id = `rfnd_${newSecret(14)}`;
    owed.push({
      purchaseId: p.notes.purchaseId ?? '',
      event: 'refund.processed',
      entity: { id, entity: 'refund', payment_id: p.id, amount: p.amount },
    });
    return id;
  }

  function attempt(orderId: string, status: 'captured' | 'failed') {
    const order = rzpOrders.get(orderId);
    if (!order) throw new Error(`no Razorpay order ${orderId}`);
    if ([...rzpPayments.values()].some((p) => p.order_id === orderId && p.status !== 'failed')) return undefined;
    const p: RzpPayment = {
      id: `pay_${newSecret(14)}`,
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      status,
      notes: order.notes,
    };
    rzpPayments.set(p.id, p);
    const event = status === 'captured' ? 'payment.captured' : 'payment.failed';
    owed.push({ purchaseId: p.notes.purchaseId ?? '', event, entity: { ...p, entity: 'payment' } });
    return p;
  }

  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== 'api.razorpay.com') return original(input, init);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    return answer(init?.method ?? 'GET', url.pathname, text ? JSON.parse(text) : undefined);
  });

  return {
    restore: () => spy.mockRestore(),
    /** The buyer pays in Razorpay's widget: a captured payment and the proof it hands back (an order is paid once, after any failed attempts). */
    async capture(orderId: string) {
      const p = attempt(orderId, 'captured');
      if (!p) return undefined;
      const signature = await hmacSha256Hex(RAZORPAY.RAZORPAY_KEY_SECRET, `${p.order_id}|${p.id}`);
      return { sessionId: p.order_id, paymentId: p.id, signature };
    },
    /** An attempt in the widget that fails (a declined card): the buyer may try again in the same order. */
    failedAttempt: (orderId: string) => void attempt(orderId, 'failed'),
    /** A refund made in Razorpay's dashboard (no-op when it was refunded already). */
    dashboardRefund(paymentId: string) {
      const p = rzpPayments.get(paymentId);
      if (p && p.status === 'captured') refundOf(p);
    },
    payment: (id: string) => rzpPayments.get(id),
    /** Takes the `i`-th event still owed for these purchases (modulo how many there are). */
    takeOwed(purchaseIds: string[], i: number): Owed | undefined {
      const mine = owed.filter((o) => purchaseIds.includes(o.purchaseId));
      const taken = mine.length ? mine[i % mine.length] : undefined;
      if (taken) owed.splice(owed.indexOf(taken), 1);
      return taken;
    },
    /** The payments Razorpay holds money for (captured, not refunded), of the given purchases. */
    held: (purchaseIds: string[]) =>
      [...rzpPayments.values()].filter((p) => p.status === 'captured' && purchaseIds.includes(p.notes.purchaseId ?? '')),
  };
}
export type FakeRazorpay = ReturnType<typeof fakeRazorpay>;

/** A webhook delivery as Razorpay sends it: HMAC-SHA256(webhook secret, raw body) and an event id. */
export async function razorpayDelivery(event: RzpEvent, entity: Record<string, unknown>, eventId = `evt_${newId()}`) {
  const key = event === 'refund.processed' ? 'refund' : 'payment';
  const raw = JSON.stringify({ entity: 'event', event, payload: { [key]: { entity } }, created_at: Math.floor(Date.now() / 1000) });
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': await hmacSha256Hex(RAZORPAY.RAZORPAY_WEBHOOK_SECRET, raw),
      'x-razorpay-event-id': eventId,
    },
  };
}

export const deliver = (d: { raw: string; headers: Record<string, string> }) =>
  call('/api/payments/webhooks/razorpay', { method: 'POST', raw: d.raw, headers: d.headers });

/** Order states that hold the goods on the school's side (their stock is out of the shelf, not shipped). */
const HOLDING = ['pending_payment', 'paid', 'processing'] as const;
/** Order states in which the school keeps the buyer's money. */
export const PAID_ORDER = ['paid', 'processing', 'shipped', 'delivered'] as const;

export type World = {
  productId: string;
  stock: number;
  couponId: string;
  couponLimit: number;
  orderIds: string[];
  enrollmentIds: string[];
};

/**
 * The invariants, read from the database; an empty list when they hold. Money: the payments that
 * kept their money (succeeded) sum to what the paid orders and enrolments cost, purchase by purchase.
 */
export async function violations(w: World): Promise<string[]> {
  const db = testDb();
  const out: string[] = [];
  const ids = [...w.orderIds, ...w.enrollmentIds];
  const pays = ids.length ? await db.select().from(payments).where(inArray(payments.purchaseId, ids)) : [];
  const kept = (purchaseId: string) => pays.filter((p) => p.purchaseId === purchaseId && p.status === 'succeeded');
  let paidSum = 0;
  let keptSum = 0;
  const ords = w.orderIds.length ? await db.select().from(orders).where(inArray(orders.id, w.orderIds)) : [];
  for (const o of ords) {
    const paid = (PAID_ORDER as readonly string[]).includes(o.status);
    const k = kept(o.id);
    if (paid) paidSum += o.totalCents;
    keptSum += k.reduce((s, p) => s + p.amountCents, 0);
    if (paid && (k.length !== 1 || k[0]!.amountCents !== o.totalCents))
      out.push(
        `order ${o.id} is ${o.status} (${o.totalCents}) but the payments that kept their money are ${JSON.stringify(k.map((p) => p.amountCents))}`,
      );
    if (!paid && k.length) out.push(`order ${o.id} is ${o.status} yet ${k.length} payment(s) of it kept their money`);
  }
  const enrs = w.enrollmentIds.length
    ? await db.select().from(courseEnrollments).where(inArray(courseEnrollments.id, w.enrollmentIds))
    : [];
  for (const e of enrs) {
    const paid = e.paymentStatus === 'paid';
    const k = kept(e.id);
    if (paid) paidSum += e.totalCents;
    keptSum += k.reduce((s, p) => s + p.amountCents, 0);
    if (paid && (k.length !== 1 || k[0]!.amountCents !== e.totalCents))
      out.push(
        `enrolment ${e.id} is paid (${e.totalCents}) but the payments that kept their money are ${JSON.stringify(k.map((p) => p.amountCents))}`,
      );
    if (!paid && k.length)
      out.push(`enrolment ${e.id} is ${e.status}/${e.paymentStatus} yet ${k.length} payment(s) of it kept their money`);
  }
  if (paidSum !== keptSum) out.push(`Σ successful payments − Σ refunds = ${keptSum} but the orders and enrolments say ${paidSum} was paid`);

  const stock = (await db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, w.productId)).get())!.s;
  const held = w.orderIds.length
    ? await db
        .select({ q: orderItems.quantity })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(inArray(orders.id, w.orderIds), inArray(orders.status, [...HOLDING])))
    : [];
  const out_ = held.reduce((s, r) => s + r.q, 0);
  if (stock < 0 || stock > w.stock) out.push(`stock ${stock} is outside [0, ${w.stock}]`);
  if (stock !== w.stock - out_) out.push(`stock ${stock} but ${w.stock} − ${out_} held by live orders = ${w.stock - out_}`);

  const live = await db
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.couponId, w.couponId), inArray(couponUses.status, ['reserved', 'confirmed'])));
  if (live.length > w.couponLimit) out.push(`coupon has ${live.length} live uses, limit ${w.couponLimit}`);
  const carrying = new Set([...ords, ...enrs].filter((x) => x.couponId === w.couponId).map((x) => x.id));
  for (const use of live)
    if (!carrying.has(use.purchaseId))
      out.push(`a live use of the coupon is recorded for ${use.purchaseType} ${use.purchaseId}, which never applied it`);
  return out;
}

/** Razorpay payments the school's rows say it kept (or gave back) agree with what Razorpay holds. */
export async function providerDisagreements(w: World, rzp: FakeRazorpay): Promise<string[]> {
  const ids = [...w.orderIds, ...w.enrollmentIds];
  if (!ids.length) return [];
  const rows = await testDb()
    .select()
    .from(payments)
    .where(and(inArray(payments.purchaseId, ids), eq(payments.gateway, 'razorpay')));
  const out: string[] = [];
  for (const r of rows) {
    const at = r.providerPaymentId ? rzp.payment(r.providerPaymentId) : undefined;
    if (r.status === 'succeeded' && at?.status !== 'captured')
      out.push(`payment ${r.id} is succeeded here but ${at?.status ?? 'unknown'} at Razorpay`);
    if (r.status === 'refunded' && at?.status !== 'refunded')
      out.push(`payment ${r.id} is refunded here but ${at?.status ?? 'unknown'} at Razorpay`);
  }
  return out;
}

/** Once every webhook has arrived: Razorpay holds money exactly for the payments the school kept. */
export async function heldWithoutPurchase(w: World, rzp: FakeRazorpay): Promise<string[]> {
  const ids = [...w.orderIds, ...w.enrollmentIds];
  const kept = ids.length
    ? await testDb()
        .select({ p: payments.providerPaymentId })
        .from(payments)
        .where(and(inArray(payments.purchaseId, ids), eq(payments.gateway, 'razorpay'), eq(payments.status, 'succeeded')))
    : [];
  const keptIds = new Set(kept.map((k) => k.p));
  return rzp
    .held(ids)
    .filter((p) => !keptIds.has(p.id))
    .map((p) => `Razorpay holds ${p.amount} for ${p.notes.purchaseType} ${p.notes.purchaseId} (payment ${p.id}) that no purchase kept`);
}

/** A fresh product (C$20.00, 13% GST, C$2.00 shipping) with little stock, and a shop coupon of 10% with few uses. */
export async function freshShelf(stock: number, couponLimit: number) {
  const tag = newSecret(8);
  const db = testDb();
  const product = await db
    .insert(products)
    .values({
      id: newId(),
      name: `Belt ${tag}`,
      priceCents: 2000,
      stockQuantity: stock,
      category: 'uniforms',
      sku: `INV-${tag}`,
      gstRateBp: 1300,
      shippingFeeCents: 200,
    })
    .returning()
    .get();
  const coupon = await db
    .insert(coupons)
    .values({
      id: newId(),
      code: `INV${tag.toUpperCase()}`,
      discountType: 'percentage',
      discountValue: 1000,
      category: 'all',
      usageLimit: couponLimit,
    })
    .returning()
    .get();
  return { product, coupon };
}
