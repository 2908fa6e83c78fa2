import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { runMigrations } from '#db/migrate.ts';
import { isLocalUrl, seedLocal } from '#db/seed.ts';
import { loadConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import { ensureWorkerBuild } from './lib/build.ts';
import { localCertificateKey } from './lib/certificate-key.ts';
import { localVapidKeys } from './lib/vapid-keys.ts';
import { startChild, type Child } from './lib/child.ts';
import { assertPortFree, freePort } from './lib/ports.ts';
import { ROOT, childEnv } from './lib/paths.ts';

export type StackOptions = {
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Default ./data: the database file, the Worker's local state (R2, Durable Objects), the JWT secret, the VAPID keys and the certificate signing key. */
  dataDir?: string;
  log?: (line: string) => void;
  /** Another libSQL server (turso dev, sqld, Turso) instead of starting db/server. */
  db?: { url: string; authToken?: string };
  /** The operator's settings for the Worker (scripts/lib/worker-settings.ts); they win over the stack's own. */
  settings?: Record<string, string>;
  /** Every line the children print (db/server, the Worker's console output). */
  onOutput?: (name: string, line: string) => void;
  /** A port for the V8 inspector of the Worker (profiling, debugging). */
  inspectorPort?: number;
  /** Fire the Worker's scheduled handler on wrangler.toml's crons (default true: the local site behaves like production). */
  scheduled?: boolean;
  /** Called when a child dies while the stack is meant to be up. */
  onUnexpectedExit?: (name: string) => void;
};
export type Stack = {
  url: string;
  dbUrl: string;
  /** Process ids of what the stack started: the bench pins them to cores (scripts/bench/pin.ts). */
  pids: { db?: number; workerHost?: number };
  stop: () => Promise<void>;
};

const DB_READY = /db\/server listening on (http:\/\/\S+)/;
const WORKER_READY = /worker listening on (http:\/\/\S+)/;
const READY_TIMEOUT_MS = 90_000;

/** Kept in the data folder so that sessions survive a restart; readable by its owner only. */
function jwtSecret(dataDir: string): string {
  const file = join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function hasUsers(dbUrl: string, authToken?: string): Promise<boolean> {
  const client = createClient({ url: dbUrl, authToken, intMode: 'number' });
  try {
    return (await client.execute('select exists(select 1 from users) as any_user')).rows[0]?.any_user === 1;
  } finally {
    client.close();
  }
}

async function waitForHealth(url: string, children: Child[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const dead = children.find((c) => !c.isRunning());
    if (dead) throw new Error(`${dead.name} exited before the stack was ready:\n${dead.output()}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (res.status === 200) return;
      last = `status ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const output = children.map((c) => `--- ${c.name} ---\n${c.output()}`).join('\n');
  throw new Error(`GET ${url}/api/health did not answer 200 within ${READY_TIMEOUT_MS / 1000} s (${last}).\n${output}`);
}

/**
 * db/server and the built Worker (scripts/worker-host.ts, Miniflare) as child processes; the database
 * migrated and, when it has no users, seeded. Builds the client and the Worker bundle first when stale.
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const log = opts.log ?? console.log;
  const dataDir = resolve(opts.dataDir ?? join(ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const port = opts.port === 0 ? await freePort() : (opts.port ?? 8787);
  await assertPortFree(port);

  const children: Child[] = [];
  let up = false;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await Promise.all(children.map((c) => c.stop()));
  };
  const spawnChild = (name: string, args: string[], env = childEnv()) => {
    const child = startChild(name, process.execPath, args, { cwd: ROOT, env, onLine: (line) => opts.onOutput?.(name, line) });
    children.push(child);
    void child.exited.then((e) => {
      if (stopping || !up) return;
      log(`${name} exited unexpectedly (${e.signal ?? `code ${e.code}`})`);
      opts.onUnexpectedExit?.(name);
    });
    return child;
  };

  try {
    await ensureWorkerBuild(log);
    let dbUrl = opts.db?.url;
    const authToken = opts.db?.authToken;
    const pids: Stack['pids'] = {};
    if (!dbUrl) {
      const db = spawnChild('db/server', [join(ROOT, 'db/server/main.ts'), '--file', join(dataDir, 'dojo.db'), '--port', '0']);
      dbUrl = (await db.waitForLine(DB_READY, 30_000))[1]!;
      pids.db = db.proc.pid;
    }
    await runMigrations(dbUrl, authToken);
    const fileSecret = jwtSecret(dataDir);
    const secret = opts.settings?.JWT_SECRET ?? fileSecret;
    if (!isLocalUrl(dbUrl)) log(`not seeding ${dbUrl}: demo accounts go to local databases only`);
    else if (!(await hasUsers(dbUrl, authToken)))
      await seedLocal(dbUrl, { authToken, log, jwtSecret: secret, origin: `http://127.0.0.1:${port}` });

    const url = `http://127.0.0.1:${port}`;
    const vapid = await localVapidKeys(dataDir);
    const vars = {
      APP_ENV: 'local',
      JWT_SECRET: secret,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      CERTIFICATE_SIGNING_KEY: await localCertificateKey(dataDir),
      PUBLIC_URL: url,
      ...opts.settings,
      // the database the stack migrated and seeded, whatever the settings said
      LIBSQL_URL: dbUrl,
      ...(authToken ? { LIBSQL_AUTH_TOKEN: authToken } : {}),
    };
    // Workers parse their settings on the first request of an isolate; locally a bad one stops the start instead.
    loadConfig(vars as unknown as Bindings);
    const worker = spawnChild(
      'worker',
      [
        join(ROOT, 'scripts/worker-host.ts'),
        '--port',
        String(port),
        '--persist',
        join(dataDir, 'wrangler-state', 'v3'),
        ...(opts.inspectorPort ? ['--inspect', String(opts.inspectorPort)] : []),
        ...(opts.scheduled === false ? [] : ['--scheduled']),
      ],
      childEnv({ WORKER_VARS: JSON.stringify(vars) }),
    );
    await worker.waitForLine(WORKER_READY, READY_TIMEOUT_MS);
    pids.workerHost = worker.proc.pid;
    await waitForHealth(url, children);
    up = true;
    return { url, dbUrl, pids, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
