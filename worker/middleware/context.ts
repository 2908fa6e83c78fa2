import { createMiddleware } from 'hono/factory';
import { createDb, type Db } from '#db/client.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { AppEnv, Bindings } from '../env.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';

/**
 * One Drizzle client per isolate and database: the libsql HTTP client holds no connection or I/O object
 * between calls (each call is its own fetch, made inside the request that awaits it), and building it
 * per request was a measurable share of a short request's CPU. Its concurrency limit is lifted
 * (createDb), so no call ever waits in a queue that another request's completion would release.
 */
let shared: { config: AppConfig; key: string; via: unknown; db: Db } | undefined;
function dbFor(config: AppConfig, via: Bindings['LIBSQL_SERVICE']): Db {
  // loadConfig hands out one object per isolate: the key is only rebuilt when that object changes.
  if (shared?.config === config && shared.via === via) return shared.db;
  const key = `${config.LIBSQL_URL}\n${config.LIBSQL_AUTH_TOKEN ?? ''}\n${config.DB_TIMEOUT_MS}`;
  if (shared?.key !== key || shared.via !== via) {
    const db = createDb({ url: config.LIBSQL_URL, authToken: config.LIBSQL_AUTH_TOKEN, timeoutMs: config.DB_TIMEOUT_MS, via });
    shared = { config, key, via, db };
  }
  shared.config = config;
  return shared.db;
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
