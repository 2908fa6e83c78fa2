import { createDb, type Db } from '#db/client.ts';
import { loadConfig, type AppConfig } from '#worker/config.ts';
import type { Bindings } from '#worker/env.ts';
import type { AuthUser } from './auth-user.ts';
import type { KioskCaller } from './kiosk-token.ts';
import { createMailer, type Mailer } from './mailer.ts';
import type { Publisher } from './publish.ts';
import { roomsPublisher, type RoomsEnv } from './publish-rooms.ts';
import { serviceContext, type ServiceCtx } from './service-context.ts';

/**
 * One Drizzle client per isolate and database: the libsql HTTP client holds no connection or I/O object
 * between calls (each call is its own fetch, made inside the request that awaits it), and building it
 * per request was a measurable share of a short request's CPU. Its concurrency limit is lifted
 * (createDb), so no call ever waits in a queue that another request's completion would release.
 * Keyed by the config object, which loadConfig hands out once per isolate (per env object).
 */
const dbs = new WeakMap<AppConfig, { via: unknown; db: Db }>();
function dbFor(config: AppConfig, via: Bindings['LIBSQL_SERVICE']): Db {
  const known = dbs.get(config);
  if (known && known.via === via) return known.db;
  const db = createDb({ url: config.LIBSQL_URL, authToken: config.LIBSQL_AUTH_TOKEN, timeoutMs: config.DB_TIMEOUT_MS, via });
  dbs.set(config, { via, db });
  return db;
}

/** The mailer holds nothing per request either: one per configuration and database. */
const mailers = new WeakMap<AppConfig, { db: Db; mailer: Mailer }>();
function mailerFor(config: AppConfig, db: Db): Mailer {
  const known = mailers.get(config);
  if (known?.db === db) return known.mailer;
  const mailer = createMailer(config, db);
  mailers.set(config, { db, mailer });
  return mailer;
}

/** What the Worker holds per isolate, whoever runs: a request, a room or the cron. */
export type Runtime = { config: AppConfig; db: Db; mailer: Mailer; publisher: Publisher; storage: R2Bucket };

/** The runtime of these bindings: config parsed once, one database client, mailer and rooms' publisher. */
export function runtimeOf(env: Bindings): Runtime {
  const config = loadConfig(env);
  const db = dbFor(config, env.LIBSQL_SERVICE);
  return {
    config,
    db,
    mailer: mailerFor(config, db),
    publisher: roomsPublisher(env as RoomsEnv, db, config.APP_ENV),
    storage: env.UPLOADS,
  };
}

/** Who runs the work: the caller (null for the cron), and where it came from when a request started it. */
export type RunParts = {
  user: AuthUser | null;
  kiosk?: KioskCaller | null;
  requestId: string;
  /** The caller's address; empty for work no request started. */
  ip?: string;
  /** The request's origin; PUBLIC_URL's stand-in otherwise. */
  requestOrigin?: string;
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined;
};

/** The one service context (decision 010) of a request, a room or a scheduled run. */
export function runtimeContext(env: Bindings, run: RunParts): ServiceCtx {
  const runtime = runtimeOf(env);
  return serviceContext({
    ...runtime,
    user: run.user,
    kiosk: run.kiosk ?? null,
    requestId: run.requestId,
    ip: run.ip ?? '',
    requestOrigin: run.requestOrigin ?? runtime.config.PUBLIC_URL ?? 'http://localhost',
    waitUntil: run.waitUntil,
  });
}
