/**
 * Serves the built Worker (dist/worker, what `wrangler deploy` uploads) with Miniflare, without
 * `wrangler dev`'s proxy Worker and file watcher, and without Miniflare's own layers on the request path:
 * each is a JavaScript Worker that every request passes through, and together they tripled the latency of
 * `GET /api/auth/me` (README, Budgets). So:
 * - the port is a socket straight into the app Worker (`unsafeDirectSockets`), not Miniflare's entry Worker;
 * - static files live in a second Worker whose only job is `env.ASSETS`; the app reaches it through its
 *   ASSETS binding when no route matches (worker/pages/page.routes.ts), as Cloudflare would serve them first;
 * - db/server is reached through a service binding, which skips the outbound interceptor (worker/env.ts).
 * R2 is Miniflare's (persisted under --persist), and bindings come from wrangler.toml.
 *
 * With --scheduled it fires the Worker's `scheduled` handler for wrangler.toml's [triggers] crons at each
 * minute they match (scripts/lib/cron.ts), as Cloudflare's Cron Triggers do in production.
 *
 * Usage: node scripts/worker-host.ts --port N --persist DIR [--scheduled]; the Worker's vars arrive as JSON in the
 * WORKER_VARS environment variable (never on the command line, where `ps` would show the JWT secret), on
 * top of wrangler.toml's [vars]. The stack already read `.dev.vars` into them (scripts/lib/worker-settings.ts),
 * so the copy wrangler's options carry is dropped: tests that pass their own settings never see that file.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { WORKER_OUT } from './lib/build.ts';
import { cronMatches } from './lib/cron.ts';
import { ROOT } from './lib/paths.ts';

type V4Options = Parameters<typeof convertV4MiniflareOptions>[0];
/** The parts of wrangler's Miniflare options used here (its own types leave them loose). */
type AppOptions = {
  [key: string]: unknown;
  compatibilityDate?: string;
  bindings?: Record<string, unknown>;
  serviceBindings?: Record<string, unknown>;
  assets?: { directory: string; assetConfig?: Record<string, unknown> };
};

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    persist: { type: 'string' },
    inspect: { type: 'string' },
    scheduled: { type: 'boolean', default: false },
  },
});
const vars = JSON.parse(process.env.WORKER_VARS ?? '{}') as Record<string, string>;
const dbUrl = vars.LIBSQL_URL ? new URL(vars.LIBSQL_URL) : undefined;
const localDb = dbUrl?.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(dbUrl.hostname) ? dbUrl.host : undefined;

// Module rules are wrangler's business (the bundle is built); Miniflare gets the modules listed.
const {
  modulesRules: _rules,
  assets,
  ...app
} = unstable_getMiniflareWorkerOptions(join(ROOT, 'wrangler.toml')).workerOptions as AppOptions;
if (!assets?.directory) throw new Error('wrangler.toml has no [assets] directory');
const modules = [
  { type: 'ESModule' as const, path: join(WORKER_OUT, 'index.js') },
  ...readdirSync(WORKER_OUT)
    .filter((f) => f.endsWith('.wasm'))
    .map((f) => ({ type: 'CompiledWasm' as const, path: join(WORKER_OUT, f) })),
];

const options = {
  host: '127.0.0.1',
  port: 0, // Miniflare's entry socket: unused, the app's own socket below is the site
  log: new Log(LogLevel.WARN), // a log line per request would cost this process more than the request
  cf: false,
  ...(values.persist ? { resourcePersistencePath: values.persist } : {}),
  ...(values.inspect ? { inspectorPort: Number(values.inspect) } : {}),
  workers: [
    {
      ...app,
      name: 'dojo-platform',
      rootPath: ROOT,
      modules,
      modulesRoot: WORKER_OUT,
      bindings: { ...unstable_readConfig({ config: join(ROOT, 'wrangler.toml') }).vars, ...vars },
      serviceBindings: {
        ...app.serviceBindings,
        ASSETS: 'dojo-static',
        ...(localDb ? { LIBSQL_SERVICE: { external: { address: localDb, http: {} } } } : {}),
      },
      unsafeDirectSockets: [{ host: '127.0.0.1', port: Number(values.port) }],
    },
    {
      name: 'dojo-static',
      compatibilityDate: app.compatibilityDate,
      modules: true,
      script: 'export default { fetch: (request, env) => env.ASSETS.fetch(request) };',
      assets: { directory: assets.directory, binding: 'ASSETS', ...(assets.assetConfig ? { assetConfig: assets.assetConfig } : {}) },
    },
  ],
} as unknown as V4Options;

const mf = new Miniflare(convertV4MiniflareOptions(options));
await mf.ready;
const url = await mf.unsafeGetDirectURL('dojo-platform');
console.log(`worker listening on ${url.origin}`);

const crons: string[] = unstable_readConfig({ config: join(ROOT, 'wrangler.toml') }).triggers.crons ?? [];
let cronTimer: ReturnType<typeof setTimeout> | undefined;
/** Fires the crons due this minute. */
async function fireCrons() {
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  try {
    const app = await mf.getWorker('dojo-platform');
    for (const cron of crons.filter((c) => cronMatches(c, at))) {
      const result = await app.scheduled({ cron, scheduledTime: at });
      if (result.outcome !== 'ok') console.error(`scheduled ${cron}: ${result.outcome}`);
    }
  } catch (err) {
    console.error(`scheduled run failed: ${(err as Error).message}`);
  }
}
/** Fires the crons due this minute, then waits for the next minute boundary. */
async function fireDue() {
  await fireCrons();
  cronTimer = setTimeout(() => void fireDue(), 60_000 - (Date.now() % 60_000) + 50);
}
// SIGUSR2 fires this minute's crons at once (npm run bench:billing runs the renewal job until nothing is due).
process.on('SIGUSR2', () => void fireCrons().then(() => console.log('scheduled run done')));
if (values.scheduled && crons.length) cronTimer = setTimeout(() => void fireDue(), 60_000 - (Date.now() % 60_000) + 50);

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  clearTimeout(cronTimer);
  await mf.dispose();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
