import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { createClient } from '@libsql/client';
import { BENCH_GUARDIAN_EMAIL, BENCH_MEMBER_EMAIL, seedBilling } from './bench/billing-seed.ts';
import { drain, login, ratio, roundTrips, row, startCountedDb } from './bench/counted.ts';
import { measure, warmUp } from './bench/latency.ts';
import { pinCores } from './bench/pin.ts';
import { startStack } from './stack.ts';

/**
 * `npm run bench:billing` (issue 26's closing note): the renewal job over 2,000 due autopay memberships with the
 * sandbox gateway, fired as production fires it (the Worker's `scheduled` handler, here on SIGUSR2 to the worker
 * host) until nothing is due — time, invoices, charges, declines — then once more, which must charge nothing; and
 * p99 of the family and billing reads against /api/health's in the same run, with the database round trips each
 * request makes (the db-counter proxy, scripts/bench/db-counter.ts). Measures; asserts nothing.
 */
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-bench-billing-'));
const { db, proxy, dbUrl, counter } = await startCountedDb(dataDir);
const runsDone: (() => void)[] = [];
const stack = await startStack({
  port: 0,
  dataDir,
  log: () => {},
  scheduled: false,
  db: { url: counter },
  onOutput: (name, line) => {
    if (name === 'worker' && line.includes('scheduled run done')) runsDone.shift()?.();
    else if (name === 'worker' && line.includes('scheduled')) console.log(`worker: ${line}`);
  },
});
const sql = createClient({ url: dbUrl, intMode: 'number' });
const one = async (query: string) => Number(Object.values((await sql.execute(query)).rows[0] ?? {})[0] ?? 0);

/** One run of every scheduled job, as the cron trigger fires it (worker/scheduled.ts). */
async function fireScheduled() {
  const done = new Promise<void>((resolve) => runsDone.push(resolve));
  process.kill(stack.pids.workerHost!, 'SIGUSR2');
  await done;
}
/** What the next run would still take: memberships not yet invoiced, and open invoices whose attempt is due. */
async function due() {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const memberships = await one(
    `select count(*) from membership_enrollments m where m.autopay = 1 and m.status = 'active' and m.ends_at <= ${now}
       and not exists (select 1 from enrollment_renewals r where r.enrollment_id = m.id and r.autopay_for = m.ends_at)`,
  );
  const invoices = await one(
    `select count(*) from invoices where status = 'open' and next_attempt_at <= ${now} and (lease_until is null or lease_until < ${now})`,
  );
  return memberships + invoices;
}
const invoiceCharges = () => one(`select count(*) from payments where purchase_type = 'invoice'`);

try {
  const pinning = pinCores({ ...stack.pids, db: db.proc.pid }, !process.argv.includes('--unpinned'));
  console.log(`bench against ${stack.url} — ${pinning.detail}`);
  console.log('seeded:', await seedBilling(dbUrl));
  const startedAt = Date.now();

  console.log(`\nrenewal job — load average ${load()}`);
  const started = performance.now();
  let runs = 0;
  while ((await due()) > 0 && runs < 500) {
    const t = performance.now();
    await fireScheduled();
    runs++;
    if (runs <= 3 || runs % 5 === 0) console.log(`  run ${runs}: ${Math.round(performance.now() - t)} ms, still due ${await due()}`);
  }
  const wall = performance.now() - started;
  const chargesBefore = await invoiceCharges();
  const invoices = await one(`select count(*) from invoices`);
  const familyInvoices = await one(
    `select count(*) from invoices i where (select count(*) from enrollment_renewals r where r.invoice_id = i.id) > 1`,
  );
  const paid = await one(`select count(*) from invoices where status = 'paid'`);
  const declined = await one(`select count(*) from invoices where failures > 0`);
  const payments = (await sql.execute(`select status, count(*) n from payments where purchase_type = 'invoice' group by status`)).rows
    .map((r) => `${r.status} ${r.n}`)
    .join(', ');
  const extended = await one(`select count(*) from membership_enrollments where autopay = 1 and ends_at > ${startedAt}`);
  const expired = await one(`select count(*) from membership_enrollments where autopay = 1 and status = 'expired'`);
  const t2 = performance.now();
  await fireScheduled();
  const again = performance.now() - t2;
  const chargesAfter = await invoiceCharges();

  console.log(`  ${runs} runs in ${(wall / 1000).toFixed(1)} s wall (${Math.round(wall / Math.max(1, runs))} ms a run)`);
  console.log(`  invoices created: ${invoices} (${familyInvoices} family invoices of several lines), paid ${paid}, declined ${declined}`);
  console.log(`  charges made (payments of purchaseType 'invoice'): ${chargesBefore} — ${payments}`);
  console.log(`  memberships extended: ${extended}; expired by the membership job instead: ${expired}`);
  console.log(
    `  run again: ${Math.round(again)} ms, charges made ${chargesAfter - chargesBefore} (payments ${chargesBefore} → ${chargesAfter})`,
  );

  const guardian = await login(stack.url, 'login', { email: BENCH_GUARDIAN_EMAIL });
  const member = await login(stack.url, 'login', { email: BENCH_MEMBER_EMAIL });
  const health = `${stack.url}/api/health`;
  const family = `${stack.url}/api/family`;
  const upcoming = `${stack.url}/api/billing/upcoming`;
  const trips = {
    health: await roundTrips(counter, health),
    family: await roundTrips(counter, family, guardian),
    upcomingGuardian: await roundTrips(counter, upcoming, guardian),
    upcomingMember: await roundTrips(counter, upcoming, member),
  };
  console.log(`\nreads — load average ${load()}`);
  await warmUp([
    { url: health },
    { url: family, headers: guardian },
    { url: upcoming, headers: guardian },
    { url: upcoming, headers: member },
  ]);
  const h1 = await measure(health);
  const f = await measure(family, guardian);
  await drain(health);
  const h2 = await measure(health);
  const ug = await measure(upcoming, guardian);
  await drain(health);
  const h3 = await measure(health);
  const um = await measure(upcoming, member);
  await drain(health);
  const h4 = await measure(health);
  console.log(
    `\n${'endpoint'.padEnd(46)}${['p50 ms', 'p99 ms', 'avg ms', 'req/s', 'non-2xx', 'db trips'].map((x) => x.padStart(10)).join('')}`,
  );
  row('GET /api/health', h1, trips.health);
  row('GET /api/family (guardian of 2)', f, trips.family);
  row('GET /api/health', h2, trips.health);
  row('GET /api/billing/upcoming (guardian)', ug, trips.upcomingGuardian);
  row('GET /api/health', h3, trips.health);
  row('GET /api/billing/upcoming (member)', um, trips.upcomingMember);
  row('GET /api/health', h4, trips.health);
  console.log(`[budget] family p99 / health p99 (before, after): ${ratio(f, h1, h2)}`);
  console.log(`[budget] upcoming (guardian) p99 / health p99 (before, after): ${ratio(ug, h2, h3)}`);
  console.log(`[budget] upcoming (member) p99 / health p99 (before, after): ${ratio(um, h3, h4)}`);
  console.log(`load average at the end: ${load()}`);
} finally {
  sql.close();
  await stack.stop();
  await proxy.stop();
  await db.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
