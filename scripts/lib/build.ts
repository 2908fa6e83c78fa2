import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bin, childEnv } from './paths.ts';

const OUT = join(ROOT, 'dist/client');
const SOURCES = ['web', 'core', 'vite.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** dist/client is stale when missing or older than any file the islands are built from. */
export function clientBuildIsStale(): boolean {
  if (!existsSync(OUT)) return true;
  return Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s)))) > newestMtime(OUT);
}

export function viteBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin('vite'), 'build'], {
      cwd: ROOT,
      env: childEnv({ NODE_ENV: 'production' }),
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code})`))));
  });
}

export async function ensureClientBuild(log: (line: string) => void = console.log): Promise<void> {
  if (!clientBuildIsStale()) return;
  log('building the client (vite build)…');
  await viteBuild();
}

export const WORKER_OUT = join(ROOT, 'dist/worker');
/** What the Worker bundle is built from (it reads the client manifest at run time, so dist/client is not). */
const WORKER_SOURCES = ['worker', 'core', 'db', 'web', 'party', 'wrangler.toml', 'package-lock.json'];

export function workerBuildIsStale(): boolean {
  const bundle = join(WORKER_OUT, 'index.js');
  if (!existsSync(bundle)) return true;
  return Math.max(...WORKER_SOURCES.map((s) => newestMtime(join(ROOT, s)))) > statSync(bundle).mtimeMs;
}

/** `wrangler deploy --dry-run` bundles exactly what a deploy would upload, without uploading it. */
export function workerBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin('wrangler'), 'deploy', '--dry-run', '--outdir', WORKER_OUT], {
      cwd: ROOT,
      env: childEnv({ WRANGLER_SEND_METRICS: 'false', CI: 'true' }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`wrangler deploy --dry-run failed (exit ${code})`))));
  });
}

export async function ensureWorkerBuild(log: (line: string) => void = console.log): Promise<void> {
  await ensureClientBuild(log);
  if (!workerBuildIsStale()) return;
  log('bundling the Worker (wrangler deploy --dry-run)…');
  await workerBuild();
}
