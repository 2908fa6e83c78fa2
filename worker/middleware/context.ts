import { createMiddleware } from 'hono/factory';
import { createDb } from '#db/client.ts';
import { loadConfig } from '../config.ts';
import type { AppEnv } from '../env.ts';
import { createMailer } from '../lib/mailer.ts';

/** Per-request services: config (parsed once per isolate), a fresh Drizzle client, the mailer. */
export const context = createMiddleware<AppEnv>(async (c, next) => {
  const config = loadConfig(c.env);
  c.set('config', config);
  const db = createDb({
    url: config.LIBSQL_URL,
    authToken: config.LIBSQL_AUTH_TOKEN,
    timeoutMs: config.DB_TIMEOUT_MS,
    via: c.env.LIBSQL_SERVICE,
  });
  c.set('db', db);
  c.set('mailer', createMailer(config, db));
  c.set('user', null);
  c.set('userRow', null);
  await next();
});
