import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { measure, warmUp, type Latency } from './bench/latency.ts';
import { classTargets, EVENTS_PER_BATCH } from './bench/classes.ts';
import { pageJs } from './bench/page-js.ts';
import { pinCores } from './bench/pin.ts';
import { ROOT } from './lib/paths.ts';
import { startStack } from './stack.ts';

/**
 * `npm run bench` (`-- --unpinned` to let the scheduler place processes): API latency under load and the
 * JavaScript each page ships. Measures; asserts nothing.
 */
const PAGES = [
  '/',
  '/legal/privacy-policy',
  '/under-construction',
  '/auth/login',
  '/courses',
  '/contact',
  '/gallery',
  '/shop',
  '/cart',
  '/memberships',
  '/teach',
  '/enroll/complete',
];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function login(url: string, path: string, credentials: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(`${url}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, password: DEMO_PASSWORD }),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string };
  return { status: res.status, token: body.token, ms: Math.round(performance.now() - started) };
}

const loginAs = login;

/** The demo seed has 6 courses; the budget speaks of a list of 20, so the admin adds the rest. */
async function ensureCourses(url: string, token: string, want = 20) {
  const have = ((await (await fetch(`${url}/api/courses?limit=100`)).json()) as { data: unknown[] }).data.length;
  for (let i = have; i < want; i++) {
    await fetch(`${url}/api/courses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `Bench course ${i + 1}`,
        description: 'A course made by the bench.',
        price: 49.99,
        level: 'beginner',
        category: 'karate',
      }),
    });
  }
}

/** The issue 11 budget speaks of a list of 20 products: the admin tops the demo seed up to 20. */
async function ensureProducts(url: string, token: string, want = 20) {
  const have = ((await (await fetch(`${url}/api/products?limit=100`)).json()) as { data?: unknown[] }).data?.length ?? 0;
  for (let i = have; i < want; i++) {
    await fetch(`${url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: `Bench product ${i + 1}`,
        description: 'A product made by the bench.',
        price: 24.99,
        stockQuantity: 50,
        category: 'accessories',
        sku: `BENCH-${i + 1}`,
        gstRate: 13,
        shippingFee: 2.5,
      }),
    });
  }
}

/** The first demo product's page, so the product template is measured too. */
async function productPath(url: string): Promise<string[]> {
  const body = (await (await fetch(`${url}/api/products?limit=1`)).json()) as { data?: { _id: string }[] };
  return body.data?.[0] ? [`/shop/${body.data[0]._id}`] : [];
}

/** A course page (its enrol island) and a membership plan's purchase panel, from the demo catalogue. */
async function enrolmentPaths(url: string): Promise<string[]> {
  const courses = (await (await fetch(`${url}/api/courses?limit=1`)).json()) as { data?: { slug: string }[] };
  const members = (await (await fetch(`${url}/api/memberships?limit=1`)).json()) as { data?: { plans?: { _id: string }[] }[] };
  const plan = members.data?.[0]?.plans?.[0];
  return [
    ...(courses.data?.[0] ? [`/courses/${courses.data[0].slug}`] : []),
    ...(plan ? [`/memberships?plan=${plan._id}&purchase=1`] : []),
  ];
}

/** A 5 MB PNG (a real header, then padding) through the generic upload call. */
async function timeUpload(url: string) {
  const admin = await loginAs(url, 'admin-login', { adminId: 'ADM-0001' });
  const bytes = new Uint8Array(5 * 1024 * 1024 - 70 * 1024);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 4, 0, 0, 0, 3, 0, 8, 6, 0, 0, 0]);
  const form = new FormData();
  form.append('file', new File([bytes], 'big.png', { type: 'image/png' }));
  const started = performance.now();
  const res = await fetch(`${url}/api/upload/single`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
  return { status: res.status, ms: Math.round(performance.now() - started), bytes: bytes.length };
}

function printLatency(rows: [string, Latency | undefined][]) {
  console.log(`\n${'endpoint'.padEnd(22)}${['p50 ms', 'p99 ms', 'avg ms', 'req/s', 'non-2xx'].map((h) => h.padStart(10)).join('')}`);
  for (const [name, l] of rows) {
    const cells = l ? [l.p50, l.p99, l.avg, l.reqPerSec, l.non2xx] : ['–', '–', '–', '–', '–'];
    console.log(name.padEnd(22) + cells.map((c) => String(c).padStart(10)).join(''));
  }
}

const ratio = (l?: Latency, base?: Latency) => (l && base ? (l.p99 / Math.max(1, base.p99)).toFixed(2) : 'n/a');

/** Issue 24: the week's sessions (public) and a staff batch of 50 attendance events, each against health p99 measured around it. */
async function benchClasses(url: string, dbUrl: string, staffToken: string | undefined) {
  const t = await classTargets(url, dbUrl);
  const staff = { authorization: `Bearer ${staffToken}` };
  const week = (await (await fetch(t.sessionsWeek)).json().catch(() => ({}))) as { data?: unknown[] };
  const probe = await fetch(t.eventsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...staff },
    body: t.eventBatch(),
  });
  const outcomes = ((await probe.json().catch(() => ({}))) as { data?: { results?: { outcome: string }[] } }).data?.results ?? [];
  const accepted = outcomes.filter((r) => r.outcome === 'accepted').length;
  console.log(
    `\nsessions in the coming week: ${week.data?.length ?? 'none'}; a batch of ${EVENTS_PER_BATCH} events answered ${probe.status}, ${accepted} accepted`,
  );
  await warmUp([{ url: t.sessionsWeek }]);
  const healthBeforeSessions = await measure(`${url}/api/health`);
  const sessionsWeek = await measure(t.sessionsWeek);
  const healthBeforeEvents = await measure(`${url}/api/health`);
  const events = await measure(t.eventsUrl, staff, { body: t.eventBatch });
  const healthAfterEvents = await measure(`${url}/api/health`);
  printLatency([
    ['GET /api/health', healthBeforeSessions],
    ['GET /api/sessions (week)', sessionsWeek],
    ['GET /api/health', healthBeforeEvents],
    [`POST attendance (${EVENTS_PER_BATCH})`, events],
    ['GET /api/health', healthAfterEvents],
  ]);
  console.log(
    `[budget] sessions (week) p99 / health p99 (before, after): ${ratio(sessionsWeek, healthBeforeSessions)} / ${ratio(sessionsWeek, healthBeforeEvents)} (aim ≤ 3)`,
  );
  console.log(
    `[budget] attendance events (${EVENTS_PER_BATCH}) p99 / health p99 (before, after): ${ratio(events, healthBeforeEvents)} / ${ratio(events, healthAfterEvents)} (aim ≤ 3)`,
  );
  return { healthBeforeSessions, sessionsWeek, healthBeforeEvents, attendanceEvents: events, healthAfterEvents };
}

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-bench-'));
const stack = await startStack({ port: 0, dataDir, log: () => {} });
try {
  const pinning = pinCores(stack.pids, !process.argv.includes('--unpinned'));
  console.log(`bench against ${stack.url} — ${pinning.detail}`);
  const login = await loginAs(stack.url, 'student-login', { studentId: 'STU-0001' });
  const admin = await loginAs(stack.url, 'admin-login', { adminId: 'ADM-0001' });
  if (admin.token) await ensureCourses(stack.url, admin.token);
  if (admin.token) await ensureProducts(stack.url, admin.token);
  if (!login.token) console.log(`student login answered ${login.status} without a token; /api/auth/me is skipped`);
  const meTarget = { url: `${stack.url}/api/auth/me`, headers: { authorization: `Bearer ${login.token}` } };
  await warmUp([
    { url: `${stack.url}/api/courses?limit=20` },
    { url: `${stack.url}/api/products?limit=20` },
    { url: `${stack.url}/api/health` },
    ...(login.token ? [meTarget] : []),
  ]);
  const me = login.token ? await measure(meTarget.url, meTarget.headers) : undefined;
  const health = await measure(`${stack.url}/api/health`);
  const courses = await measure(`${stack.url}/api/courses?limit=20`);
  const healthAgain = await measure(`${stack.url}/api/health`);
  const productsList = await measure(`${stack.url}/api/products?limit=20`);
  const healthLast = await measure(`${stack.url}/api/health`);
  printLatency([
    ['GET /api/auth/me', me],
    ['GET /api/health', health],
    ['GET /api/courses (20)', courses],
    ['GET /api/health', healthAgain],
    ['GET /api/products (20)', productsList],
    ['GET /api/health', healthLast],
  ]);
  console.log(
    `products p99 / health p99 (the one measured just before and after): ${ratio(productsList, healthAgain)} / ${ratio(productsList, healthLast)} (budget ≤ 3)`,
  );
  const classes = await benchClasses(stack.url, stack.dbUrl, admin.token);
  const upload = await timeUpload(stack.url);
  console.log(`5 MB image upload (POST /api/upload/single): ${upload.status} in ${upload.ms} ms`);
  console.log(`(one student login, argon2id verify included: ${login.ms} ms)`);

  const pages = await pageJs(stack.url, [...PAGES, ...(await productPath(stack.url)), ...(await enrolmentPaths(stack.url))]);
  console.log(
    `\n${'page'.padEnd(24)}${'status'.padStart(8)}${'files'.padStart(7)}${'KB raw'.padStart(9)}${'KB gzip'.padStart(9)}${'KB gzip in Chromium'.padStart(21)}`,
  );
  for (const p of pages) {
    const browser = p.loadedInBrowser ? kb(p.loadedInBrowser.gzipBytes) : 'n/a';
    const cells = [
      String(p.status).padStart(8),
      String(p.files.length).padStart(7),
      kb(p.rawBytes).padStart(9),
      kb(p.gzipBytes).padStart(9),
    ];
    console.log(p.path.padEnd(24) + cells.join('') + browser.padStart(21));
  }

  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const file = join(ROOT, '.tmp/bench.json');
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        pinning,
        loginMs: login.ms,
        latency: { me, health, courses, healthAgain, productsList, healthLast, ...classes },
        upload,
        pages,
      },
      null,
      2,
    ),
  );
  console.log(`\nwritten to ${file}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
