import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { measure, type Latency } from './bench/latency.ts';
import { pageJs } from './bench/page-js.ts';
import { ensureClientBuild } from './lib/build.ts';
import { ROOT } from './lib/paths.ts';
import { startStack } from './stack.ts';

/** `npm run bench`: API latency under load and the JavaScript each page ships. Measures; asserts nothing. */
const PAGES = ['/', '/legal/privacy-policy', '/under-construction', '/auth/login'];
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function loginStudent(url: string) {
  const started = performance.now();
  const res = await fetch(`${url}/api/auth/student-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ studentId: 'STU-0001', password: DEMO_PASSWORD }),
  });
  const body = (await res.json().catch(() => ({}))) as { token?: string };
  return { status: res.status, token: body.token, ms: Math.round(performance.now() - started) };
}

function printLatency(rows: [string, Latency | undefined][]) {
  console.log(`\n${'endpoint'.padEnd(22)}${['p50 ms', 'p99 ms', 'avg ms', 'req/s', 'non-2xx'].map((h) => h.padStart(10)).join('')}`);
  for (const [name, l] of rows) {
    const cells = l ? [l.p50, l.p99, l.avg, l.reqPerSec, l.non2xx] : ['–', '–', '–', '–', '–'];
    console.log(name.padEnd(22) + cells.map((c) => String(c).padStart(10)).join(''));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-bench-'));
await ensureClientBuild();
const stack = await startStack({ port: 0, dataDir, log: () => {} });
try {
  console.log(`bench against ${stack.url}`);
  const login = await loginStudent(stack.url);
  if (!login.token) console.log(`student login answered ${login.status} without a token; /api/auth/me is skipped`);
  const me = login.token ? await measure(`${stack.url}/api/auth/me`, { authorization: `Bearer ${login.token}` }) : undefined;
  const health = await measure(`${stack.url}/api/health`);
  printLatency([
    ['GET /api/auth/me', me],
    ['GET /api/health', health],
  ]);
  console.log(`(one student login, argon2id verify included: ${login.ms} ms)`);

  const pages = await pageJs(stack.url, PAGES);
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
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), loginMs: login.ms, latency: { me, health }, pages }, null, 2));
  console.log(`\nwritten to ${file}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
