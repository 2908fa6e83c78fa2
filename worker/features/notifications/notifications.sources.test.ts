import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enquiries, notifications } from '#db/schema/index.ts';
import { SETTLEMENTS } from '#worker/settlements.ts';
import { publisher } from '#worker/lib/publish.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { api, createUser, freshIp, testDb, testServiceCtx, uniq } from '#test/helpers.ts';
import { insertOrder } from '#test/order-helpers.ts';

afterEach(() => vi.restoreAllMocks());

const enquiry = (tag: string, extra: Record<string, unknown> = {}) =>
  api('/api/enquiries', {
    method: 'POST',
    headers: { 'cf-connecting-ip': freshIp() },
    body: { name: 'Hana', email: `hana.${tag}@example.test`, phone: '555', subject: `Kids classes ${tag}`, message: 'Hello', ...extra },
  });

const noticesAbout = (entityId: string) => testDb().select().from(notifications).where(eq(notifications.entityId, entityId));

describe('a new enquiry', () => {
  it('tells every active admin-capable account in the bell, one event each', async () => {
    const [admin, gm, student] = await Promise.all([createUser({ role: 'admin' }), createUser({ role: 'grandmaster' }), createUser()]);
    // The isolate's recorder keeps only the latest 200 events, and parallel files publish too: count the calls instead.
    const sent = vi.spyOn(publisher, 'send');
    const tag = `t${uniq()}`;
    const res = await enquiry(tag);
    expect(res.status).toBe(201);
    await settleDeferred();
    const rows = await noticesAbout(res.body.data._id);
    const to = rows.map((r) => r.userId);
    expect(to).toEqual(expect.arrayContaining([admin.id, gm.id]));
    expect(to).not.toContain(student.id);
    expect(rows.find((r) => r.userId === admin.id)).toMatchObject({
      title: 'New enquiry',
      body: `Hana: Kids classes ${tag}`,
      type: 'info',
      eventType: 'enquiry_created',
      entityType: 'enquiry',
      read: false,
    });
    const events = sent.mock.calls
      .map(([userId, event]) => ({ userId, event }))
      .filter((p) => p.userId === admin.id && (p.event.data as { entityId?: string })?.entityId === res.body.data._id);
    expect(events).toHaveLength(1);
    expect(events[0]!.event.type).toBe('notification');
    const mine = await api('/api/notifications/my?type=info', { token: admin.token });
    expect(mine.body.data.map((n: { entityId: string }) => n.entityId)).toContain(res.body.data._id);
  });

  it('tells nobody about a honeypot hit', async () => {
    const res = await enquiry(`t${uniq()}`, { website: 'http://spam.example' });
    expect(res.status).toBe(201);
    await settleDeferred();
    const [row] = await testDb().select().from(enquiries).where(eq(enquiries.id, res.body.data._id));
    expect(row?.isSpam).toBe(true);
    expect(await noticesAbout(res.body.data._id)).toEqual([]);
  });

  it('still answers 201 and keeps the enquiry when the notification cannot be stored; the failure is logged', async () => {
    await createUser({ role: 'admin' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const proto = Object.getPrototypeOf(testDb()) as { batch: (...a: unknown[]) => Promise<unknown> };
    const original = proto.batch;
    // Only the batch that stores notifications fails; every other statement of the isolate goes through.
    vi.spyOn(proto, 'batch').mockImplementation(function (this: unknown, ...args: unknown[]) {
      const first = (args[0] as { toSQL?: () => { sql: string } }[])[0];
      if (first?.toSQL?.().sql.startsWith('insert into "notifications"')) return Promise.reject(new Error('disk full'));
      return original.apply(this, args);
    });
    const res = await enquiry(`t${uniq()}`);
    expect(res.status).toBe(201);
    await settleDeferred();
    expect(await testDb().select().from(enquiries).where(eq(enquiries.id, res.body.data._id))).toHaveLength(1);
    expect(await noticesAbout(res.body.data._id)).toEqual([]);
    const logged = errors.mock.calls.map((c) => String(c[0])).find((l) => l.includes('enquiry in-app notification'));
    expect(JSON.parse(logged!)).toMatchObject({ level: 'error', error: 'disk full' });
  });
});

describe('a paid order', () => {
  it('tells its buyer when the payment settles', async () => {
    const buyer = await createUser({ role: 'member' });
    const id = await insertOrder(buyer, 5000, 'paid');
    const ctx = testServiceCtx();
    SETTLEMENTS.order!.afterPaid(ctx, id);
    await settleDeferred();
    const rows = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.entityId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Payment received', type: 'success', eventType: 'order_paid', entityType: 'order' });
    expect(rows[0]!.body).toContain(`T-${id.slice(-12)}`);
    // The school's staff hear of the order too (orders.school-notice.test.ts): only the buyer's events count here.
    expect(ctx.published.filter((p) => p.userId === buyer.id).map((p) => [p.userId, p.event.type])).toEqual([[buyer.id, 'notification']]);
  });
});
