import { createMiddleware } from 'hono/factory';
import { createDb, type Db } from '#db/client.ts';
import { loadConfig, type AppConfig } from '#worker/config.ts';
import type { AppEnv, Bindings } from '#worker/env.ts';
import { createMailer, type Mailer } from '#worker/lib/mailer.ts';

/**
 * One Drizzle client per isolate and database: the libsql HTTP client holds no connection or I/O object
 * between calls (each call is its own fetch, made inside the request that awaits it), and building it
 * per request was a measurable share of a short request's CPU. Its concurrency limit is lifted
 * (createDb), so no call ever waits in a queue that another request's completion would release.
 * Keyed by the config object, which loadConfig hands out once per isolate (per env object).
 */
const dbs = new WeakMap<AppConfig, { via: unknown; db: Db }>();
export function dbFor(config: AppConfig, via: Bindings['LIBSQL_SERVICE']): Db {
  const known = dbs.get(config);
  if (known && known.via === via) return known.db;
  const db = createDb({ url: config.LIBSQL_URL, authToken: config.LIBSQL_AUTH_TOKEN, timeoutMs: config.DB_TIMEOUT_MS, via });
  dbs.set(config, { via, db });
  return db;
}

/** The mailer holds nothing per request either: one per configuration and database. */
const mailers = new WeakMap<AppConfig, { db: Db; mailer: Mailer }>();
export function mailerFor(config: AppConfig, db: Db): Mailer {
  const known = mailers.get(config);
  if (known?.db === db) return known.mailer;
  const mailer = createMailer(config, db);
  mailers.set(config, { db, mailer });
  return mailer;
}

/** Per-request services: config (parsed once per isolate), the Drizzle client, the mailer. */
export const context = createMiddleware<AppEnv>(async (c, next) => {
  const config = loadConfig(c.env);
  c.set('config', config);
  const db = dbFor(config, c.env.LIBSQL_SERVICE);
  c.set('db', db);
  c.set('mailer', mailerFor(config, db));
  c.set('user', null);
  c.set('userRow', null);
  await next();
});
