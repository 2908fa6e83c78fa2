import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { pageJs } from './bench/page-js.ts';
import { ensureClientBuild } from './lib/build.ts';
import { ROOT } from './lib/paths.ts';
import { startStack } from './stack.ts';

/**
 * `node scripts/lighthouse.ts [runs] [--as <demo e-mail>] [paths…]`: starts the local stack over a throw-away
 * data folder (seeded with the demo content), runs Lighthouse (mobile profile: performance and accessibility)
 * on the home page and a course page (or the paths given), and prints the scores and the JavaScript the
 * content pages ship. With `--as`, the browser is signed in as that demo account first (its token in local
 * storage, which Lighthouse is told to keep), so panel screens can be measured. `/verify/demo` stands for the
 * verify page of the demo's first certificate (its id is random per seed). Measures only; the median of the runs is shown.
 */
const args = process.argv.slice(3);
const asAt = args.indexOf('--as');
const AS = asAt >= 0 ? args.splice(asAt, 2)[1] : undefined;
const PAGES = args.length ? args : ['/', '/courses/adult-beginners'];
const JS_PAGES = ['/', '/courses', '/courses/adult-beginners', '/classes', '/events', '/gallery', '/contact'];
const RUNS = Math.max(1, Number(process.argv[2] ?? 3) || 3);
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const OUT = join(ROOT, '.tmp/lighthouse');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

type Run = { performance: number; accessibility: number; lcp: number; tbt: number; cls: number; fcp: number; failed: string[] };

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: AS !== undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
  const failed = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
    .map((a) => `${a.id} (${a.score})`);
  const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  writeFileSync(join(OUT, `${name}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    failed,
  };
}

/** Logs in through the API and leaves the session where the panel looks for it: the browser's local storage. */
async function signIn(base: string, port: number, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string; user?: unknown; data?: { token?: string; user?: unknown } };
  const token = body.token ?? body.data?.token;
  const user = body.user ?? body.data?.user;
  if (!res.ok || !token || !user) throw new Error(`login as ${email} failed: ${res.status}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
  await page.goto(`${base}/auth/login`);
  const entries: [string, string][] = [
    [STORAGE_KEYS.token, token],
    [STORAGE_KEYS.user, JSON.stringify(user)],
  ];
  await page.evaluate((kv) => kv.forEach(([k, v]) => localStorage.setItem(k, v)), entries);
  await page.close();
  await browser.close();
}

/** The demo's first certificate, read as the demo admin (certificate ids are random per seed). */
async function demoCertificateId(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@dojo.local', password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${base}/api/certificates?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await list.json()) as { data: { _id: string }[] };
  if (!data[0]) throw new Error('the demo has no certificate');
  return data[0]._id;
}

mkdirSync(OUT, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'dojo-lighthouse-'));
await ensureClientBuild();
const stack = await startStack({ port: 0, dataDir, log: () => {} });
const chrome = await launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
try {
  if (AS) await signIn(stack.url, chrome.port, AS);
  console.log(`Lighthouse ${RUNS}× per page (mobile profile) against ${stack.url}`);
  console.log(`\n${'page'.padEnd(28)}${['perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'].map((h) => h.padStart(9)).join('')}`);
  for (const asked of PAGES) {
    const path = asked === '/verify/demo' ? `/verify/${await demoCertificateId(stack.url)}` : asked;
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${stack.url}${path}`, chrome.port));
    const row = [
      median(runs.map((r) => r.performance)),
      median(runs.map((r) => r.accessibility)),
      Math.round(median(runs.map((r) => r.fcp))),
      Math.round(median(runs.map((r) => r.lcp))),
      Math.round(median(runs.map((r) => r.tbt))),
      median(runs.map((r) => r.cls)).toFixed(3),
    ];
    console.log(path.padEnd(28) + row.map((c) => String(c).padStart(9)).join(''));
    const flagged = [...new Set(runs.flatMap((r) => r.failed))];
    if (flagged.length) console.log(`  flagged: ${flagged.join(', ')}`);
  }

  const pages = await pageJs(stack.url, JS_PAGES);
  console.log(`\n${'page'.padEnd(28)}${'files'.padStart(7)}${'KB gzip (static)'.padStart(18)}${'KB gzip loaded in Chromium'.padStart(28)}`);
  for (const p of pages) {
    const loaded = p.loadedInBrowser ? kb(p.loadedInBrowser.gzipBytes) : 'n/a';
    console.log(p.path.padEnd(28) + String(p.files.length).padStart(7) + kb(p.gzipBytes).padStart(18) + loaded.padStart(28));
  }
  console.log(`\nFull reports: ${OUT}`);
} finally {
  await chrome.kill();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
