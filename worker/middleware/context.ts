import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';
import { runtimeOf } from '#worker/lib/runtime.ts';

/** Per-request services: config (parsed once per isolate), the Drizzle client, the mailer (worker/lib/runtime.ts). */
export const context = createMiddleware<AppEnv>(async (c, next) => {
  const { config, db, mailer } = runtimeOf(c.env);
  c.set('config', config);
  c.set('db', db);
  c.set('mailer', mailer);
  c.set('user', null);
  c.set('userRow', null);
  c.set('kiosk', null);
  await next();
});
