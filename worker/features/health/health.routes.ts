import { Hono } from 'hono';
import pkg from '#package.json' with { type: 'json' };
import type { AppEnv } from '#worker/env.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const started = performance.now();
  let database = true;
  try {
    await c.var.db.$read.execute('select 1');
  } catch {
    database = false;
  }
  const data = { version: pkg.version, database, databaseLatencyMs: Math.round(performance.now() - started) };
  return c.json({ success: database, data, ...(database ? {} : { message: 'The database is not answering' }) }, database ? 200 : 503);
});
