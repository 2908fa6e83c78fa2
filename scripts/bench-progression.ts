import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { drain, login, ratio, roundTrips, row, startCountedDb } from './bench/counted.ts';
import { measure, warmUp } from './bench/latency.ts';
import { pinCores } from './bench/pin.ts';
import { BENCH_PROGRAM, seedProgression } from './bench/progression-seed.ts';
import { startStack } from './stack.ts';

/**
 * `npm run bench:progression` (issue 25's closing note): eligibility for one student and the ready list of
 * a program of 500 students, p99 against /api/health's in the same run, and the database round trips each
 * request makes, counted by a pass-through proxy in front of db/server (scripts/bench/db-counter.ts) that
 * the Worker's every database call goes through (health's too). Measures; asserts nothing.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-bench-progression-'));
const { db, proxy, dbUrl, counter } = await startCountedDb(dataDir);
const stack = await startStack({ port: 0, dataDir, log: () => {}, scheduled: false, db: { url: counter } });
try {
  const pinning = pinCores({ ...stack.pids, db: db.proc.pid }, !process.argv.includes('--unpinned'));
  console.log(`bench against ${stack.url} — ${pinning.detail}`);
  console.log('seeded:', await seedProgression(dbUrl));
  const student = await login(stack.url, 'student-login', { studentId: 'STU-0001' });
  const admin = await login(stack.url, 'admin-login', { adminId: 'ADM-0001' });
  const health = `${stack.url}/api/health`;
  const me = `${stack.url}/api/auth/me`;
  const eligibility = `${stack.url}/api/students/me/eligibility?program=${BENCH_PROGRAM}`;
  const ready = `${stack.url}/api/programs/${BENCH_PROGRAM}/ready?status=all&limit=50`;
  const probe = (await (await fetch(ready, { headers: admin })).json()) as { pagination: { total: number } };
  console.log(`ready list: ${probe.pagination.total} students judged per request (page of 50)`);
  const trips = {
    health: await roundTrips(counter, health),
    me: await roundTrips(counter, me, student),
    eligibility: await roundTrips(counter, eligibility, student),
    ready: await roundTrips(counter, ready, admin),
  };
  await warmUp([{ url: health }, { url: eligibility, headers: student }, { url: ready, headers: admin }]);
  const h1 = await measure(health);
  const e = await measure(eligibility, student);
  await drain(health);
  const h2 = await measure(health);
  const r = await measure(ready, admin);
  await drain(health);
  const h3 = await measure(health);
  console.log(
    `\n${'endpoint'.padEnd(46)}${['p50 ms', 'p99 ms', 'avg ms', 'req/s', 'non-2xx', 'db trips'].map((x) => x.padStart(10)).join('')}`,
  );
  row('GET /api/health', h1, trips.health);
  row('GET /api/students/me/eligibility', e, trips.eligibility);
  row('GET /api/health', h2, trips.health);
  row('GET /api/programs/:slug/ready (500 judged)', r, trips.ready);
  row('GET /api/health', h3, trips.health);
  console.log(`(GET /api/auth/me, the signed-in caller's own: ${trips.me} db trips per request)`);
  console.log(`[budget] eligibility p99 / health p99 (before, after): ${ratio(e, h1, h2)}`);
  console.log(`[budget] ready list (500) p99 / health p99 (before, after): ${ratio(r, h2, h3)}`);
} finally {
  await stack.stop();
  await proxy.stop();
  await db.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
