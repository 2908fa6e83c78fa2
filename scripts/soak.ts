import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { newId } from '#core/ids.ts';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { signToken } from '#worker/lib/jwt.ts';
import { childrenNamed } from './bench/pin.ts';
import { ensureClientBuild } from './lib/build.ts';
import { rssMiB } from './soak/memory.ts';
import { moneyInvariants } from './soak/invariants.ts';
import { recorder, routeTable } from './soak/recorder.ts';
import { openSocket, type Socket } from './soak/socket.ts';
import { userLoop, type SoakUser } from './soak/traffic.ts';
import { startStack } from './stack.ts';

/**
 * `npm run soak [-- --seconds N --connections C]`: the stack on a free port over a throw-away data folder,
 * mixed traffic of every role (one connection per user, each with its realtime socket open) for N seconds
 * (default 60) at C connections (default 20). Reports p50/p99 per route against GET /api/health's p99 of the
 * same run, what did not answer 2xx, workerd's memory over time, and at the end the money invariants; exits
 * 1 when an invariant breaks. Loopback only; stops by itself.
 */
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, connections: { type: 'string', default: '20' } } });
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
if (!(SECONDS > 0) || !(CONNECTIONS >= 6)) throw new Error('--seconds must be positive and --connections at least 6 (one per role)');
// About what the buyers take in the run: the stock runs out near its end, so the last orders race for it.
const START_STOCK = 5 * SECONDS;
const COUPON_LIMIT = 15;
const SAMPLE_MS = 5000;

const DEMO_LOGINS: [string, string, Record<string, string>][] = [
  ['super-admin', 'super-admin', { email: 'superadmin@dojo.local' }],
  ['admin', 'admin-login', { adminId: 'ADM-0001' }],
  ['grandmaster', 'grandmaster-login', { grandmasterId: 'GM-0001' }],
  ['instructor', 'instructor-login', { instructorId: 'INS-0001' }],
  ['student', 'student-login', { studentId: 'STU-0001' }],
  ['member', 'login', { email: 'member@dojo.local' }],
];

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-soak-'));
await ensureClientBuild();
// Coupon checks and unpaid orders are limited per address (every call here comes from 127.0.0.1) and
// messages per sender (each soak user sends one every few calls): the soak measures load, not those limits.
const settings = { RATE_LIMIT_COUPON_IP: '1000000/600', ORDER_UNPAID_PER_IP: '1000000', RATE_LIMIT_MESSAGE_USER: '1000000/60' };
const stack = await startStack({ port: 0, dataDir, log: console.log, settings });
const db = createClient({ url: stack.dbUrl, intMode: 'number' });
const sockets: Socket[] = [];
let failed = false;
try {
  const { routes, call } = recorder(stack.url);
  const users: SoakUser[] = [];
  for (const [role, path, ids] of DEMO_LOGINS) {
    const res = await call(`POST /api/auth/${path}`, 'POST', `/api/auth/${path}`, { body: { ...ids, password: DEMO_PASSWORD } });
    if (res.status !== 200) throw new Error(`${role} login answered ${res.status}: ${JSON.stringify(res.body)}`);
    users.push({ id: res.body.user._id, role, token: res.body.token });
  }
  const admin = users.find((u) => u.role === 'admin')!;
  const product = await call('POST /api/products', 'POST', '/api/products', {
    token: admin.token,
    body: {
      name: `Soak belt ${newId().slice(-6)}`,
      description: 'Sold during the soak.',
      price: 19.99,
      stockQuantity: START_STOCK,
      category: 'accessories',
      sku: `SOAK-${newId().slice(-8)}`,
      gstRate: 13,
      shippingFee: 2.5,
    },
  });
  const couponCode = `SOAK${newId().slice(-6).toUpperCase()}`;
  const coupon = await call('POST /api/coupons', 'POST', '/api/coupons', {
    token: admin.token,
    body: { code: couponCode, discountType: 'percentage', discountValue: 10, category: 'shop', usageLimit: COUPON_LIMIT },
  });
  if (product.status !== 201 || coupon.status !== 201) throw new Error(`set-up: product ${product.status}, coupon ${coupon.status}`);
  const shop = { productId: product.body.data._id as string, couponCode };

  // The other connections are members made straight in the database, with tokens signed as the Worker signs them.
  const secret = readFileSync(join(dataDir, '.jwt-secret'), 'utf8').trim();
  const hash = (await db.execute("select password_hash from users where email = 'member@dojo.local'")).rows[0]!.password_hash as string;
  const extra = Array.from({ length: CONNECTIONS - users.length }, () => newId());
  await db.batch(
    extra.map((id) => ({
      sql: "insert into users (id, email, password_hash, role, profile) values (?, ?, ?, 'member', ?)",
      args: [id, `soak-${id.slice(-10)}@example.test`, hash, JSON.stringify({ firstName: 'Soak', lastName: id.slice(-4) })],
    })),
    'write',
  );
  for (const id of extra) users.push({ id, role: 'member', token: await signToken({ sub: id, role: 'member', tv: 0 }, secret, 3600) });
  sockets.push(...(await Promise.all(users.map((u) => openSocket(stack.url, u)))));
  routes.clear();

  const workerd = stack.pids.workerHost ? childrenNamed(stack.pids.workerHost, 'workerd')[0] : undefined;
  const memory: string[] = [];
  const stockSeen: number[] = [];
  const started = performance.now();
  const sample = async () => {
    const at = ((performance.now() - started) / 1000).toFixed(0).padStart(4);
    const stock = Number(
      (await db.execute({ sql: 'select stock_quantity as n from products where id = ?', args: [shop.productId] })).rows[0]!.n,
    );
    stockSeen.push(stock);
    const mib = (pid?: number) => (pid ? rssMiB(pid).toFixed(0) : '?');
    memory.push(`${at} s  workerd ${mib(workerd)} MiB  db/server ${mib(stack.pids.db)} MiB  stock ${stock}`);
  };
  await sample();
  const sampler = setInterval(() => void sample(), SAMPLE_MS);
  console.log(`soak: ${users.length} connections (${DEMO_LOGINS.map(([r]) => r).join(', ')} + ${extra.length} members), ${SECONDS} s…`);
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(users.map((u) => userLoop(call, u, shop, users, deadline)));
  clearInterval(sampler);
  await sample();

  const total = [...routes.values()].reduce((n, s) => n + s.ms.length + s.failed, 0);
  console.log(`\n${total} calls in ${SECONDS} s at ${users.length} connections\n`);
  for (const line of routeTable(routes, 'GET /api/health')) console.log(line);
  console.log('\nmemory over time:');
  for (const line of memory) console.log(`  ${line}`);
  const frames = new Map<string, number>();
  for (const s of sockets) for (const [type, n] of s.frames) frames.set(type, (frames.get(type) ?? 0) + n);
  const open = sockets.filter((s) => s.ws.readyState === WebSocket.OPEN).length;
  console.log(`\nsockets: ${open}/${sockets.length} still open; frames ${[...frames].map(([t, n]) => `${t} ${n}`).join(', ')}`);
  console.log('\ninvariants:');
  for (const check of await moneyInvariants(db, shop.productId, START_STOCK, stockSeen)) {
    console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
    if (!check.ok) failed = true;
  }
} finally {
  for (const s of sockets) s.ws.close();
  db.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
