import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { courseEnrollments, orders, payments } from '#db/schema/index.ts';
import { insertCourse } from '#test/enrollment-helpers.ts';
import { createUser, freshIp, testDb, type TestUser } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import {
  call,
  deliver,
  fakeRazorpay,
  heldWithoutPurchase,
  freshShelf,
  providerDisagreements,
  razorpayDelivery,
  runScheduled,
  violations,
  type FakeRazorpay,
  type Owed,
  type Reply,
  type World,
} from './payments.invariants.test-helpers.ts';

type Gw = 'sandbox' | 'razorpay';
type Kind = 'order' | 'enrollment';
/** `p` is a purchase of the run, `s` one of its sessions or proofs (both taken modulo what exists). */
type Action =
  | { t: 'order'; buyer: number; qty: number; coupon: boolean; gw: Gw }
  | { t: 'enroll'; buyer: number; coupon: boolean; gw: Gw }
  | { t: 'pay'; p: number; s: number; again: boolean; gw: Gw }
  | { t: 'failedAttempt'; p: number; s: number }
  | { t: 'verify'; p: number; s: number }
  | { t: 'webhook'; n: number }
  | { t: 'dashboardRefund'; p: number; unheard?: true }
  | { t: 'recordUse'; p: number }
  | { t: 'redeliver'; n: number; sameEventId: boolean }
  | { t: 'cancel'; p: number }
  | { t: 'cancelPayment'; p: number; admin: boolean }
  | { t: 'refund'; p: number }
  | { t: 'refundPayment'; p: number }
  | { t: 'expire'; p: number };

const BUYERS = 4;
const OPEN_ORDERS_PER_BUYER = 3; // the cap of open unpaid orders per account (issue 21, finding 4)
const gw = fc.oneof({ weight: 2, arbitrary: fc.constant<Gw>('razorpay') }, { weight: 1, arbitrary: fc.constant<Gw>('sandbox') });
const p = fc.nat({ max: 3 });
const s = fc.nat({ max: 2 });
const is = <T extends Action['t']>(t: T) => fc.constant(t);

const create: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      t: is('order'),
      buyer: fc.nat({ max: BUYERS - 1 }),
      qty: fc.integer({ min: 1, max: 3 }),
      coupon: fc.boolean(),
      gw,
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: is('enroll'), buyer: fc.nat({ max: BUYERS - 1 }), coupon: fc.boolean(), gw }) },
);

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 1, arbitrary: create },
  { weight: 5, arbitrary: fc.record({ t: is('pay'), p, s, again: fc.boolean(), gw }) },
  { weight: 4, arbitrary: fc.record({ t: is('verify'), p, s }) },
  { weight: 1, arbitrary: fc.record({ t: is('failedAttempt'), p, s }) },
  {
    weight: 4,
    arbitrary: fc.record({ t: is('webhook'), n: fc.nat({ max: 5 }) }),
  },
  { weight: 1, arbitrary: fc.record({ t: is('dashboardRefund'), p }) },
  { weight: 1, arbitrary: fc.record({ t: is('recordUse'), p }) },
  { weight: 2, arbitrary: fc.record({ t: is('redeliver'), n: fc.nat({ max: 5 }), sameEventId: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: is('cancel'), p }) },
  { weight: 1, arbitrary: fc.record({ t: is('cancelPayment'), p, admin: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: is('refund'), p }) },
  { weight: 1, arbitrary: fc.record({ t: is('refundPayment'), p }) },
  { weight: 1, arbitrary: fc.record({ t: is('expire'), p }) },
);

/** A run opens one or two purchases, then anything happens, in any order (more purchases may come). */
const runs = fc
  .tuple(fc.array(create, { minLength: 1, maxLength: 2 }), fc.array(action, { minLength: 4, maxLength: 10 }))
  .map(([a, b]) => [...a, ...b]);

/** What the run has made so far: purchases, payment sessions opened, proofs the buyers got, webhook deliveries. */
type Purchase = { kind: Kind; id: string; buyer: TestUser };
type Session = Purchase & { sessionId: string; gw: Gw };
type Proof = Session & { paymentId: string; signature: string };
type Delivery = Owed & { eventId: string };
type Run = {
  world: World;
  buyers: TestUser[];
  admin: TestUser;
  couponCode: string;
  courseId: string;
  purchases: Purchase[];
  sessions: Session[];
  proofs: Proof[];
  deliveries: Delivery[];
};

/** Buyers call from many addresses: a per-IP limit (open orders, coupon guessing) is not what these runs test. */
const callAs = (path: string, init: Parameters<typeof call>[1] = {}) =>
  call(path, { ...init, headers: { 'cf-connecting-ip': freshIp(), ...init.headers } });
const ids = (run: Run) => [...run.world.orderIds, ...run.world.enrollmentIds];
const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
/** The purchase's own entries, else (so that few actions are idle) anybody's. */
const of = <T extends Purchase>(list: T[], purchase: Purchase | undefined) => {
  const own = list.filter((x) => x.id === purchase?.id);
  return own.length ? own : list;
};
const EPOCH = new Date('2000-01-01T00:00:00Z');
const PAST_DUE = new Date('1999-12-31T00:00:00Z');

function opened(run: Run, purchase: Purchase, gateway: Gw, reply: Reply) {
  const start = reply.body?.data?.payment;
  if (reply.status === 201 && start?.sessionId) run.sessions.push({ ...purchase, sessionId: start.sessionId, gw: gateway });
}

function bought(run: Run, kind: Kind, buyer: TestUser, gateway: Gw, reply: Reply) {
  const id = kind === 'order' ? reply.body?.data?.order?._id : reply.body?.data?.enrollment?._id;
  if (reply.status !== 201 || !id) return;
  const purchase = { kind, id, buyer };
  run.purchases.push(purchase);
  (kind === 'order' ? run.world.orderIds : run.world.enrollmentIds).push(id);
  opened(run, purchase, gateway, reply);
}

const openOrders = async (buyer: TestUser) =>
  (await testDb().select({ s: orders.status }).from(orders).where(eq(orders.userId, buyer.id))).filter((o) => o.s === 'pending_payment')
    .length;

async function step(run: Run, a: Action, rzp: FakeRazorpay): Promise<Reply | undefined> {
  const purchase = 'p' in a ? pick(run.purchases, a.p) : undefined;
  if ('p' in a && !purchase) return undefined;
  switch (a.t) {
    case 'order': {
      const buyer = run.buyers[a.buyer]!;
      // Kept within the open-unpaid-orders cap, so the property stays valid with it.
      if ((await openOrders(buyer)) >= OPEN_ORDERS_PER_BUYER) return undefined;
      const reply = await callAs('/api/orders', {
        token: buyer.token,
        body: {
          items: [{ product: run.world.productId, quantity: a.qty, price: 0.01 }],
          contact: { name: 'Aiko Tanaka', email: buyer.email, phone: '+1 604 555 0101' },
          shippingAddress: { line1: '1 Dojo Way', city: 'Vancouver', province: 'BC', postalCode: 'V5K 0A1', country: 'Canada' },
          paymentMethod: a.gw,
          ...(a.coupon ? { couponCode: run.couponCode } : {}),
        },
      });
      bought(run, 'order', buyer, a.gw, reply);
      return reply;
    }
    case 'enroll': {
      const buyer = run.buyers[a.buyer]!;
      const reply = await callAs('/api/enroll', {
        token: buyer.token,
        body: { courseId: run.courseId, paymentMethod: a.gw, ...(a.coupon ? { couponCode: run.couponCode } : {}) },
      });
      bought(run, 'enrollment', buyer, a.gw, reply);
      return reply;
    }
    case 'pay': {
      // The buyer pays in a session they were given, or (`again`) opens another one and pays in it.
      if (a.again) {
        const { kind, id, buyer } = purchase!;
        const reply =
          kind === 'order'
            ? await callAs(`/api/orders/${id}/pay`, { token: buyer.token, body: { paymentMethod: a.gw } })
            : await callAs('/api/enroll', {
                token: buyer.token,
                body: { isRetry: true, enrollmentId: id, courseId: run.courseId, paymentMethod: a.gw },
              });
        if (reply.status !== 201) return reply;
        opened(run, purchase!, a.gw, reply);
      }
      const mine = of(run.sessions, purchase);
      const session = a.again ? mine.at(-1) : pick(mine, a.s);
      if (!session) return undefined;
      if (session.gw === 'razorpay') {
        const proof = await rzp.capture(session.sessionId);
        if (proof) run.proofs.push({ ...session, ...proof });
        return undefined;
      }
      const reply = await callAs(`/pay/sandbox/${session.sessionId}`, { body: { outcome: 'approve' } });
      if (reply.status === 200) run.proofs.push({ ...session, paymentId: reply.body.data.paymentId, signature: reply.body.data.signature });
      return reply;
    }
    case 'failedAttempt': {
      // An attempt fails in Razorpay's widget (its payment.failed is then owed); the buyer may pay in the same order later.
      const session = pick(
        of(
          run.sessions.filter((x) => x.gw === 'razorpay'),
          purchase,
        ),
        a.s,
      );
      if (session) rzp.failedAttempt(session.sessionId);
      return undefined;
    }
    case 'verify': {
      const proof = pick(of(run.proofs, purchase), a.s);
      if (!proof) return undefined;
      const body = { sessionId: proof.sessionId, paymentId: proof.paymentId, signature: proof.signature };
      return proof.kind === 'order'
        ? callAs('/api/orders/verify-payment', { token: proof.buyer.token, body: { orderId: proof.id, ...body } })
        : callAs('/api/enroll/verify-payment', { token: proof.buyer.token, body: { enrollmentId: proof.id, ...body } });
    }
    case 'webhook': {
      // One of the events Razorpay owes (a capture, a refund the school or the dashboard made), in any order.
      const owed = rzp.takeOwed(ids(run), a.n);
      if (!owed) return undefined;
      const d: Delivery = { ...owed, eventId: `evt_${crypto.randomUUID()}` };
      run.deliveries.push(d);
      return deliver(await razorpayDelivery(d.event, d.entity, d.eventId));
    }
    case 'dashboardRefund': {
      // A refund made in Razorpay's dashboard of a payment the school kept (its event is then owed), or
      // (`unheard`, only in the examples) of one whose capture the school has not heard of yet.
      if (a.unheard) {
        const proof = run.proofs.filter((x) => x.id === purchase!.id && rzp.payment(x.paymentId)?.status === 'captured').at(-1);
        if (proof) rzp.dashboardRefund(proof.paymentId);
        return undefined;
      }
      const rows = await testDb().select().from(payments).where(eq(payments.purchaseId, purchase!.id));
      const kept = rows.find((r) => r.status === 'succeeded' && r.gateway === 'razorpay');
      if (kept?.providerPaymentId) rzp.dashboardRefund(kept.providerPaymentId);
      return undefined;
    }
    case 'redeliver': {
      const d = pick(run.deliveries, a.n);
      if (!d) return undefined;
      return deliver(await razorpayDelivery(d.event, d.entity, a.sameEventId ? d.eventId : `evt_${crypto.randomUUID()}`));
    }
    case 'recordUse': {
      // The buyer asks for a use of the coupon to be recorded for their order (which may not carry it).
      if (purchase!.kind !== 'order') return undefined;
      return callAs('/api/coupons/record-usage', {
        token: purchase!.buyer.token,
        body: { couponId: run.world.couponId, orderId: purchase!.id },
      });
    }
    case 'cancel': {
      const { kind, id, buyer } = purchase!;
      const path = kind === 'order' ? `/api/orders/${id}/cancel` : `/api/enroll/${id}/cancel`;
      return callAs(path, { method: 'PATCH', token: buyer.token, body: {} });
    }
    case 'cancelPayment': {
      // The buyer (or an admin) cancels the purchase's open payment here; its widget may still be paid in.
      const rows = await testDb().select().from(payments).where(eq(payments.purchaseId, purchase!.id));
      const open = rows.find((r) => r.status === 'created');
      if (!open) return undefined;
      return a.admin
        ? callAs(`/api/payments/status/${open.id}`, { method: 'PUT', token: run.admin.token, body: { status: 'cancelled' } })
        : callAs(`/api/payments/cancel/${open.id}`, { token: purchase!.buyer.token, body: {} });
    }
    case 'refund': {
      const { kind, id } = purchase!;
      return kind === 'order'
        ? callAs(`/api/orders/${id}/status`, { method: 'PATCH', token: run.admin.token, body: { status: 'refunded' } })
        : callAs(`/api/enroll/${id}/reject`, { token: run.admin.token, body: {} });
    }
    case 'refundPayment': {
      const row = await testDb().select().from(payments).where(eq(payments.purchaseId, purchase!.id));
      const kept = row.find((r) => r.status === 'succeeded');
      return kept && callAs(`/api/payments/status/${kept.id}`, { method: 'PUT', token: run.admin.token, body: { status: 'refunded' } });
    }
    case 'expire': {
      // The payment window passes: the purchase's deadline moves to the past and the scheduled run fires.
      const { kind, id } = purchase!;
      if (kind === 'order') await testDb().update(orders).set({ expiresAt: PAST_DUE }).where(eq(orders.id, id));
      else await testDb().update(courseEnrollments).set({ paymentDueAt: PAST_DUE }).where(eq(courseEnrollments.id, id));
      await runScheduled(EPOCH);
      return undefined;
    }
  }
}

async function freshRun(): Promise<Run> {
  const { product, coupon } = await freshShelf(4, 2);
  const course = await insertCourse({ priceCents: 10_000, discountPriceCents: null, gstRateBp: 500 });
  const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createUser({ role: 'student' })));
  return {
    world: { productId: product.id, stock: 4, couponId: coupon.id, couponLimit: 2, orderIds: [], enrollmentIds: [] },
    buyers,
    admin: await createUser({ role: 'admin' }),
    couponCode: coupon.code,
    courseId: course.id,
    purchases: [],
    sessions: [],
    proofs: [],
    deliveries: [],
  };
}

/**
 * The invariants of the issue, read after each action; `settled` (every webhook Razorpay owed has
 * arrived) adds that Razorpay holds money exactly for the payments the school kept.
 */
async function broken(run: Run, rzp: FakeRazorpay, settled = false) {
  return [
    ...(await violations(run.world)),
    ...(settled ? [...(await providerDisagreements(run.world, rzp)), ...(await heldWithoutPurchase(run.world, rzp))] : []),
  ];
}

/**
 * Runs the actions against the Worker, checking every invariant after each one; then Razorpay's
 * payment.captured webhooks for the payments it holds arrive (as they do in the end), and the
 * money it holds must be exactly what the purchases kept. Throws what broke and after which step.
 */
async function play(actions: Action[], rzp: FakeRazorpay) {
  const run = await freshRun();
  const log: string[] = [];
  const fail = (what: string[]) => new Error(`${what.join('\n')}\nafter:\n${log.join('\n')}`);
  for (const a of actions) {
    const reply = await step(run, a, rzp);
    log.push(`${JSON.stringify(a)} → ${reply ? `${reply.status} ${reply.body?.message ?? ''}` : '-'}`);
    if (reply && reply.status >= 500) throw fail(['a 5xx']);
    const now = await broken(run, rzp);
    if (now.length) throw fail(now);
  }
  for (let owed = rzp.takeOwed(ids(run), 0); owed; owed = rzp.takeOwed(ids(run), 0)) {
    const reply = await deliver(await razorpayDelivery(owed.event, owed.entity));
    log.push(`(late webhook) ${owed.event} ${String(owed.entity.id)} → ${reply.status}`);
    if (reply.status >= 500) throw fail(['a 5xx']);
    const now = await broken(run, rzp);
    if (now.length) throw fail(now);
  }
  const atEnd = await broken(run, rzp, true);
  if (atEnd.length) throw fail(atEnd);
  await settleDeferred();
}

describe('money invariants (fast-check against the Worker, Razorpay played at fetch)', () => {
  let rzp: FakeRazorpay;
  beforeAll(() => {
    rzp = fakeRazorpay();
  });
  afterAll(() => rzp.restore());

  it(
    'for any interleaving of orders, enrolments, payments, verifies, webhooks, cancels, refunds and expiry, money, stock and coupon uses add up',
    { timeout: 240_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(runs, (actions) => play(actions, rzp)),
        { numRuns: 40 },
      );
    },
  );

  it('a payment that lands after the order expired is refunded once; its refund event changes nothing more', async () => {
    await play(
      [
        { t: 'order', buyer: 0, qty: 3, coupon: true, gw: 'razorpay' },
        { t: 'pay', p: 0, s: 0, again: false, gw: 'razorpay' },
        { t: 'expire', p: 0 },
        { t: 'webhook', n: 0 },
        { t: 'redeliver', n: 0, sameEventId: false },
        { t: 'verify', p: 0, s: 0 },
        { t: 'webhook', n: 0 },
        { t: 'redeliver', n: 1, sameEventId: true },
      ],
      rzp,
    );
  });

  // The cases below fail on main before the fixes of issue 21 named in them.
  it('a refund webhook for the refunded duplicate of a paid order changes nothing (finding 5)', async () => {
    await play(
      [
        { t: 'order', buyer: 0, qty: 2, coupon: true, gw: 'razorpay' },
        { t: 'pay', p: 0, s: 0, again: false, gw: 'razorpay' },
        { t: 'pay', p: 0, s: 0, again: true, gw: 'razorpay' },
        { t: 'verify', p: 0, s: 0 },
        { t: 'verify', p: 0, s: 1 },
        // Razorpay owes the two captures, then the refund of the duplicate: the refund arrives first.
        { t: 'webhook', n: 2 },
      ],
      rzp,
    );
  });

  it('a refund webhook for the refunded duplicate of a paid enrolment changes nothing (finding 5)', async () => {
    await play(
      [
        { t: 'enroll', buyer: 0, coupon: false, gw: 'razorpay' },
        { t: 'pay', p: 0, s: 0, again: false, gw: 'razorpay' },
        { t: 'pay', p: 0, s: 0, again: true, gw: 'razorpay' },
        { t: 'webhook', n: 0 },
        { t: 'webhook', n: 0 },
      ],
      rzp,
    );
  });

  // Not in issue 21: a payment.captured delivered late (Razorpay retries for a day) after the payment was
  // refunded in the dashboard still settles the order, which is then paid for money Razorpay gave back.
  it('a late payment.captured for a payment refunded before the school heard of it does not make the order paid', async () => {
    await play(
      [
        { t: 'order', buyer: 0, qty: 1, coupon: false, gw: 'razorpay' },
        { t: 'pay', p: 0, s: 0, again: false, gw: 'razorpay' },
        { t: 'dashboardRefund', p: 0, unheard: true },
        // Razorpay owes the capture, then the refund: the refund arrives first.
        { t: 'webhook', n: 1 },
        { t: 'webhook', n: 0 },
      ],
      rzp,
    );
  });

  // Not in issue 21: payment.failed for one attempt closed the payment, so a later capture in the same Razorpay order was kept by nobody.
  it('a payment made after a failed attempt in the same Razorpay order settles the order (verify-payment)', async () => {
    await play(
      [
        { t: 'order', buyer: 0, qty: 1, coupon: true, gw: 'razorpay' },
        { t: 'failedAttempt', p: 0, s: 0 },
        { t: 'webhook', n: 0 },
        { t: 'pay', p: 0, s: 0, again: false, gw: 'razorpay' },
        { t: 'verify', p: 0, s: 0 },
      ],
      rzp,
    );
  });

  it('a payment made after a failed attempt for an enrolment that expired meanwhile is refunded (webhook)', async () => {
    await play(
      [
        { t: 'enroll', buyer: 0, coupon: false, gw: 'razorpay' },
        { t: 'failedAttempt', p: 0, s: 0 },
        { t: 'webhook', n: 0 },
        { t: 'expire', p: 0 },
        { t: 'pay', p: 0, s: 0, again: false, gw: 'razorpay' },
        { t: 'webhook', n: 0 },
      ],
      rzp,
    );
  });

  // Not in issue 21: `cancelled` was final, so a capture after the payment was cancelled here was kept by nobody.
  it('a payment captured after it was cancelled here is refunded once (webhook, its replay, then verify-payment)', async () => {
    await play(
      [
        { t: 'order', buyer: 0, qty: 1, coupon: true, gw: 'razorpay' },
        { t: 'cancelPayment', p: 0, admin: false },
        { t: 'pay', p: 0, s: 0, again: false, gw: 'razorpay' },
        { t: 'webhook', n: 0 },
        { t: 'redeliver', n: 0, sameEventId: false },
        { t: 'verify', p: 0, s: 0 },
      ],
      rzp,
    );
  });

  it('a coupon use is not recorded for an order that never applied the coupon (finding 3)', async () => {
    await play(
      [
        { t: 'order', buyer: 0, qty: 1, coupon: false, gw: 'sandbox' },
        { t: 'recordUse', p: 0 },
      ],
      rzp,
    );
  });
});
