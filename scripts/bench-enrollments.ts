import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { newId } from '#core/ids.ts';
import * as schema from '#db/schema/index.ts';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { measure, warmUp, type Latency } from './bench/latency.ts';
import { pinCores } from './bench/pin.ts';
import { startStack } from './stack.ts';

/**
 * `npm run bench:enrollments`: 10,000 course enrolments in a fresh local database, then the admin list
 * (`GET /api/enroll/admin/all`, page 1: rows, total and stats in one round trip) against `/api/health`
 * in the same run. Measures and prints the ratio (budget ≤ 3× health's p99); asserts nothing.
 */
const ENROLLMENTS = 10_000;
const COURSES = 20;
const USERS = ENROLLMENTS / COURSES;
const STATUSES = ['pending_approval', 'approved', 'active', 'cancelled'] as const;

/** Users and courses made for the bench, then one enrolment per (user, course): the live-enrolment index allows no more. */
async function seedEnrollments(dbUrl: string) {
  const client = createClient({ url: dbUrl, intMode: 'number' });
  const db = drizzle(client, { schema });
  try {
    const courseRows = Array.from({ length: COURSES }, (_, i) => ({
      id: `bench-course-${i}`,
      title: `Bench course ${i + 1}`,
      slug: `bench-course-${i + 1}`,
      priceCents: 10_000 + i * 100,
      gstRateBp: 500,
      durationWeeks: 12,
    }));
    await db.insert(schema.courses).values(courseRows).onConflictDoNothing();
    const userRows = Array.from({ length: USERS }, (_, i) => ({
      id: `bench-user-${i}`,
      email: `bench-${i}@example.test`,
      passwordHash: 'x',
      role: 'student' as const,
      emailVerified: true,
      profile: { firstName: `Bench${i}`, lastName: 'Student' },
    }));
    for (let i = 0; i < userRows.length; i += 250)
      await db
        .insert(schema.users)
        .values(userRows.slice(i, i + 250))
        .onConflictDoNothing();
    const start = Date.now() - ENROLLMENTS * 60_000;
    const rows = Array.from({ length: ENROLLMENTS }, (_, n) => {
      const course = courseRows[n % COURSES]!;
      const status = STATUSES[n % STATUSES.length]!;
      const at = new Date(start + n * 60_000);
      return {
        id: newId(),
        userId: `bench-user-${Math.floor(n / COURSES)}`,
        courseId: course.id,
        courseTitle: course.title,
        status,
        paymentStatus: status === 'active' ? ('paid' as const) : ('pending' as const),
        paymentMethod: 'sandbox',
        coursePriceCents: course.priceCents,
        gstCents: Math.round(course.priceCents * 0.05),
        totalCents: Math.round(course.priceCents * 1.05),
        paymentDueAt: new Date(at.getTime() + 7 * 86_400_000),
        createdAt: at,
        updatedAt: at,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insert(schema.courseEnrollments).values(rows.slice(i, i + 500));
    const plan = await client.execute(
      `explain query plan select * from course_enrollments where status = 'active' order by created_at desc limit 10`,
    );
    console.log(`plan (status filter): ${plan.rows.map((r) => r.detail).join(' | ')}`);
  } finally {
    client.close();
  }
}

async function adminToken(url: string) {
  const res = await fetch(`${url}/api/auth/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ adminId: 'ADM-0001', password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`admin login answered ${res.status}`);
  return body.token;
}

const row = (name: string, l: Latency) =>
  console.log(`${name.padEnd(40)}${[l.p50, l.p99, l.avg, l.reqPerSec, l.non2xx].map((c) => String(c).padStart(10)).join('')}`);

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-bench-enrollments-'));
const stack = await startStack({ port: 0, dataDir, log: () => {}, scheduled: false });
try {
  const pinning = pinCores(stack.pids, !process.argv.includes('--unpinned'));
  console.log(`bench against ${stack.url} — ${pinning.detail}`);
  await seedEnrollments(stack.dbUrl);
  const token = await adminToken(stack.url);
  const headers = { authorization: `Bearer ${token}` };
  const list = `${stack.url}/api/enroll/admin/all`;
  const check = (await (await fetch(list, { headers })).json()) as { data: unknown[]; pagination: { total: number } };
  console.log(`admin list page 1: ${check.data.length} rows of ${check.pagination.total}`);
  await warmUp([{ url: `${stack.url}/api/health` }, { url: list, headers }]);
  const health = await measure(`${stack.url}/api/health`);
  const admin = await measure(list, headers);
  const filtered = await measure(`${list}?status=active`, headers);
  const healthAgain = await measure(`${stack.url}/api/health`);
  console.log(`\n${'endpoint'.padEnd(40)}${['p50 ms', 'p99 ms', 'avg ms', 'req/s', 'non-2xx'].map((h) => h.padStart(10)).join('')}`);
  row('GET /api/health', health);
  row('GET /api/enroll/admin/all (10 of 10,000)', admin);
  row('GET /api/enroll/admin/all?status=active', filtered);
  row('GET /api/health', healthAgain);
  const base = Math.max(1, Math.max(health.p99, healthAgain.p99));
  console.log(
    `[budget] admin enrolments p99 / health p99: ${(admin.p99 / base).toFixed(2)} (status filter ${(filtered.p99 / base).toFixed(2)}; budget ≤ 3)`,
  );
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
