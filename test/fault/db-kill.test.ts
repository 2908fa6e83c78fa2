import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { ORDER_MESSAGES } from '#core/shop/order-schemas.ts';
import { ensureClientBuild } from '#scripts/lib/build.ts';
import { startChild, type Child } from '#scripts/lib/child.ts';
import { ROOT, childEnv } from '#scripts/lib/paths.ts';
import { freePort } from '#scripts/lib/ports.ts';
import { startStack, type Stack } from '#scripts/stack.ts';
import { signToken } from '#worker/lib/jwt.ts';

/**
 * Issue 21's fault proof: db/server is SIGKILLed during a burst of writes by several accounts and started
 * again on the same file and port. Every write answered 2xx is in the database afterwards, every other one
 * answered 503 in the house's words within DB_TIMEOUT_MS, nothing is half written, and the same Worker
 * answers again by itself. (Attendance is not written yet: the issue names it for when it exists.)
 */
const DB_TIMEOUT_MS = 2000;
// Loopback on a shared 2-core machine: a request that waits on nothing still may queue behind others.
const MARGIN_MS = 3000;
const BUYERS = 6;
const START_STOCK = 100_000;
const DB_DOWN = { code: 'UNAVAILABLE', message: 'The database is temporarily unavailable, please try again shortly' };

type Kind = 'order' | 'cancel' | 'message' | 'probe';
type Call = { kind: Kind; status: number; ms: number; body: any; at: number; id?: string };

let dataDir: string;
let dbFile: string;
let dbPort: number;
let db: Child;
let stack: Stack;
let sql: Client;
const calls: Call[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** db/server as the stack starts it, but on a port fixed for the whole test, so the Worker's LIBSQL_URL stays right across restarts. */
async function startDb(): Promise<Child> {
  const child = startChild('db/server', process.execPath, [join(ROOT, 'db/server/main.ts'), '--file', dbFile, '--port', String(dbPort)], {
    cwd: ROOT,
    env: childEnv(),
  });
  await child.waitForLine(/db\/server listening on/, 30_000);
  return child;
}

/** The id a 2xx write answers with (a cancel is known by the order it names). */
const writtenId = (kind: Kind, body: any): string | undefined =>
  kind === 'order' ? body?.data?.order?._id : kind === 'message' ? body?.data?._id : undefined;

/** One API call, timed; a transport failure or a hang (15 s) is status 0. */
async function call(kind: Kind, method: string, path: string, token: string, body?: unknown, id?: string): Promise<Call> {
  const started = performance.now();
  let status = 0;
  let json: any = null;
  try {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    status = res.status;
    json = await res.json().catch(() => null);
  } catch (err) {
    json = String(err);
  }
  const done: Call = { kind, status, ms: performance.now() - started, body: json, at: Date.now(), id: id ?? writtenId(kind, json) };
  calls.push(done);
  return done;
}

const orderBody = (productId: string, quantity: number) => ({
  items: [{ product: productId, quantity, price: 1 }],
  contact: { name: 'Fault Buyer', email: 'fault@example.test', phone: '555-0100' },
  shippingAddress: { line1: '1 Kill St', line2: '', city: 'Toronto', province: 'ON', postalCode: 'M5V 1A1', country: 'Canada' },
});

/** One account's writes until `stop`: an order (every other one cancelled at once), then a message to the school. */
async function buyer(token: string, productId: string, stop: { done: boolean }) {
  for (let i = 0; !stop.done; i++) {
    const order = await call('order', 'POST', '/api/orders', token, orderBody(productId, 1 + (i % 3)));
    if (order.status === 201 && i % 2 === 0) await call('cancel', 'PATCH', `/api/orders/${order.id}/cancel`, token, {}, order.id);
    const message = await call('message', 'POST', '/api/messages/send', token, { content: `fault ${i} ${newId()}` });
    if (order.status >= 500 || message.status >= 500) await sleep(50); // no busy loop while the database is away
  }
}

const rows = async (query: string, args: (string | number)[] = []) => (await sql.execute({ sql: query, args })).rows;

describe('db/server killed during a burst of writes', () => {
  let tokens: string[] = [];
  let adminToken = '';
  let productId = '';
  let workerPid: number | undefined;
  let unexpectedExit: string | undefined;
  const window = { killedAt: 0, restartedAt: 0, frozenAt: 0, thawedAt: 0 };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'dojo-fault-'));
    dbFile = join(dataDir, 'dojo.db');
    dbPort = await freePort();
    await ensureClientBuild(() => {});
    db = await startDb();
    stack = await startStack({
      port: 0,
      dataDir,
      db: { url: `http://127.0.0.1:${dbPort}` },
      // The burst keeps many orders unpaid from one address and sends messages fast: those limits are not what this proves.
      settings: { DB_TIMEOUT_MS: String(DB_TIMEOUT_MS), ORDER_UNPAID_PER_IP: '100000', RATE_LIMIT_MESSAGE_USER: '100000/60' },
      scheduled: false,
      log: () => {},
      onUnexpectedExit: (name) => (unexpectedExit = name),
    });
    workerPid = stack.pids.workerHost;
    sql = createClient({ url: stack.dbUrl, intMode: 'number' });
    await rows('update site_settings set max_unpaid_orders = 100000');
    const secret = readFileSync(join(dataDir, '.jwt-secret'), 'utf8').trim();

    const admin = (await rows("select id, role, token_version from users where email = 'admin@dojo.local'"))[0]!;
    adminToken = await signToken({ sub: String(admin.id), role: String(admin.role), tv: Number(admin.token_version) }, secret, 3600);
    const product = await call('probe', 'POST', '/api/products', adminToken, {
      name: `Fault belt ${newId().slice(-6)}`,
      description: 'Bought while the database dies.',
      price: 10,
      stockQuantity: START_STOCK,
      category: 'accessories',
      sku: `FAULT-${newId().slice(-8)}`,
      gstRate: 13,
      shippingFee: 0,
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    productId = product.body.data._id;

    const hash = (await rows("select password_hash from users where email = 'member@dojo.local'"))[0]!.password_hash as string;
    const buyers = Array.from({ length: BUYERS }, () => ({ id: newId(), email: `fault-${newId().slice(-10)}@example.test` }));
    await sql.batch(
      buyers.map((b) => ({
        sql: "insert into users (id, email, password_hash, role, profile) values (?, ?, ?, 'member', '{}')",
        args: [b.id, b.email, hash],
      })),
      'write',
    );
    tokens = await Promise.all(buyers.map((b) => signToken({ sub: b.id, role: 'member', tv: 0 }, secret, 3600)));
    calls.length = 0;

    // The burst: 1.5 s of writes, SIGKILL, 1.5 s without a database (probes on the side), restart, 2.5 s more.
    const stop = { done: false };
    const loops = tokens.map((t) => buyer(t, productId, stop));
    await sleep(1500);
    window.killedAt = Date.now();
    process.kill(db.proc.pid!, 'SIGKILL');
    await db.exited;
    for (let i = 0; i < 3; i++) {
      await call('probe', 'GET', '/api/auth/me', tokens[0]!);
      await sleep(400);
    }
    db = await startDb();
    window.restartedAt = Date.now();
    await sleep(2500);
    // A database that accepts connections and never answers: only DB_TIMEOUT_MS ends those calls.
    window.frozenAt = Date.now();
    process.kill(db.proc.pid!, 'SIGSTOP');
    await sleep(DB_TIMEOUT_MS + 1500);
    process.kill(db.proc.pid!, 'SIGCONT');
    window.thawedAt = Date.now();
    await sleep(2000);
    stop.done = true;
    await Promise.all(loops);
  }, 120_000);

  afterAll(async () => {
    sql?.close();
    await stack?.stop();
    await db?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('kept writing before the kill, refused while the database was away, and wrote again after the restart', () => {
    const writes = calls.filter((c) => c.kind !== 'probe');
    const before = writes.filter((c) => c.at < window.killedAt && c.status < 300);
    const refused = writes.filter((c) => c.status === 503);
    const after = writes.filter((c) => c.at > window.restartedAt && c.status < 300);
    const count = (kind: Kind) =>
      `${kind} ${writes.filter((c) => c.kind === kind && c.status < 300).length}/${writes.filter((c) => c.kind === kind).length}`;
    console.log(`[fault] 2xx/all: ${count('order')}, ${count('cancel')}, ${count('message')}; 503 ${refused.length}`);
    expect(before.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
  });

  it('answers every refused call 503 in the house words, and none later than DB_TIMEOUT_MS', () => {
    const probes = calls.filter((c) => c.kind === 'probe');
    expect(probes.map((p) => p.status)).toEqual([503, 503, 503]);
    for (const p of probes) expect(p.body).toMatchObject({ success: false, ...DB_DOWN });
    const wrong = calls.filter((c) => c.status >= 300 && c.status !== 503);
    expect(wrong.map((c) => `${c.kind} ${c.status} ${JSON.stringify(c.body)}`)).toEqual([]);
    for (const c of calls.filter((c) => c.status === 503)) {
      const words = c.kind === 'order' ? [DB_DOWN.message, ORDER_MESSAGES.gatewayDown] : [DB_DOWN.message];
      expect(c.body).toMatchObject({ success: false, code: DB_DOWN.code });
      expect(words).toContain(c.body.message);
    }
    const slow = calls.filter((c) => c.ms > DB_TIMEOUT_MS).map((c) => `${c.kind} ${c.status} ${c.ms.toFixed(0)} ms`);
    console.log(`[fault] calls over DB_TIMEOUT_MS (${DB_TIMEOUT_MS} ms): ${slow.join(', ') || 'none'}`);
    // An order whose payment record timed out no longer waits on a second call to cancel itself (orderPayment).
    for (const c of calls) expect(c.ms).toBeLessThan(DB_TIMEOUT_MS + MARGIN_MS);
  });

  it('recovers without restarting the Worker', async () => {
    expect(await call('probe', 'GET', '/api/auth/me', tokens[0]!)).toMatchObject({ status: 200 });
    expect((await call('order', 'POST', '/api/orders', tokens[1]!, orderBody(productId, 1))).status).toBe(201);
    expect((await call('message', 'POST', '/api/messages/send', tokens[2]!, { content: 'after the restart' })).status).toBe(201);
    expect(stack.pids.workerHost).toBe(workerPid);
    expect(unexpectedExit).toBeUndefined();
  });

  it('has every 2xx write in the database, and no half-written order', async () => {
    const ok = (kind: Kind) => calls.filter((c) => c.kind === kind && c.status < 300).map((c) => c.id!);
    const orderIds = ok('order');
    const found = await rows(`select id from orders where id in (${orderIds.map(() => '?').join(',')})`, orderIds);
    expect(found.length).toBe(orderIds.length);
    const paymentless = await rows(
      `select id from orders o where id in (${orderIds.map(() => '?').join(',')})
         and not exists (select 1 from payments p where p.purchase_type = 'order' and p.purchase_id = o.id)`,
      orderIds,
    );
    expect(paymentless).toEqual([]); // a 201 carried its payment: the payment row was written
    const cancelled = ok('cancel');
    const notCancelled = await rows(
      `select id, status from orders where id in (${cancelled.map(() => '?').join(',')}) and status <> 'cancelled'`,
      cancelled,
    );
    expect(notCancelled).toEqual([]);
    const messageIds = ok('message');
    const messages = await rows(`select id from messages where id in (${messageIds.map(() => '?').join(',')})`, messageIds);
    expect(messages.length).toBe(messageIds.length);

    // No half order: every order has its lines, and the stock plus what live orders hold is the start.
    expect(await rows(`select id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`)).toEqual([]);
    const [stock] = await rows('select stock_quantity as n from products where id = ?', [productId]);
    const [held] = await rows(
      `select coalesce(sum(i.quantity), 0) as n from order_items i join orders o on o.id = i.order_id
        where i.product_id = ? and o.status not in ('cancelled', 'refunded')`,
      [productId],
    );
    expect(Number(stock!.n) + Number(held!.n)).toBe(START_STOCK);
    expect((await rows('pragma integrity_check'))[0]).toMatchObject({ integrity_check: 'ok' });

    // Reported, not asserted: the house writes a message's notification after the message, best effort.
    const unnoticed = await rows(
      `select id from messages m where m.content like 'fault %'
         and not exists (select 1 from notifications n where n.entity_type = 'message' and n.entity_id = m.id)`,
    );
    const unnoticedOk = unnoticed.filter((r) => messageIds.includes(String(r.id))).length;
    const heldWithoutPayment = await rows(
      `select count(*) as n from orders o where o.status = 'pending_payment'
         and not exists (select 1 from payments p where p.purchase_type = 'order' and p.purchase_id = o.id)`,
    );
    console.log(
      `[fault] messages without their notification: ${unnoticed.length} (${unnoticedOk} of them answered 201); ` +
        `pending orders without a payment (answered 503): ${heldWithoutPayment[0]!.n}`,
    );
  });
});
