import { join } from 'node:path';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { startChild } from '#scripts/lib/child.ts';
import { ROOT, childEnv } from '#scripts/lib/paths.ts';
import type { Latency } from './latency.ts';

/**
 * What the benches that count database round trips share: a db/server on `dataDir` behind the counting
 * proxy (db-counter.ts, which the Worker is pointed at), a demo login, the count per request, a drain
 * between heavy measures, and the printed row.
 */
export async function startCountedDb(dataDir: string) {
  const db = startChild(
    'db/server',
    process.execPath,
    [join(ROOT, 'db/server/main.ts'), '--file', join(dataDir, 'dojo.db'), '--port', '0'],
    {
      cwd: ROOT,
      env: childEnv(),
    },
  );
  const dbUrl = (await db.waitForLine(/db\/server listening on (http:\/\/\S+)/, 30_000))[1]!;
  const proxy = startChild('db-counter', process.execPath, [join(ROOT, 'scripts/bench/db-counter.ts'), '--target', dbUrl], {
    cwd: ROOT,
    env: childEnv(),
  });
  const counter = (await proxy.waitForLine(/db-counter listening on (http:\/\/\S+)/, 30_000))[1]!;
  return { db, proxy, dbUrl, counter };
}

/** A demo account's bearer header, through any of the login calls (`login`, `student-login`, `admin-login` …). */
export async function login(url: string, path: string, credentials: Record<string, string>) {
  const res = await fetch(`${url}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`${path} answered ${res.status}`);
  return { authorization: `Bearer ${body.token}` };
}

/** Round trips per request: the proxy's pipeline count over `n` sequential requests. */
export async function roundTrips(counter: string, url: string, headers: Record<string, string> = {}, n = 20) {
  await fetch(`${counter}/__reset`, { method: 'POST' });
  for (let i = 0; i < n; i++) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
  }
  return Number(await (await fetch(`${counter}/__count`)).text()) / n;
}

/** Requests still queued at the database after a heavy measure would land in the next one: wait until health answers quickly again. */
export async function drain(url: string, deadlineMs = 60_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    if (performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

export const row = (name: string, l: Latency, trips?: number) =>
  console.log(`${name.padEnd(46)}${[l.p50, l.p99, l.avg, l.reqPerSec, l.non2xx, trips ?? ''].map((c) => String(c).padStart(10)).join('')}`);

/** A p99 against two health p99s measured around it ("1.20 / 1.31"). */
export const ratio = (l: Latency, a: Latency, b: Latency) =>
  `${(l.p99 / Math.max(1, a.p99)).toFixed(2)} / ${(l.p99 / Math.max(1, b.p99)).toFixed(2)}`;
