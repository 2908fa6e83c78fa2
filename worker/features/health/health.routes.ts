import { Hono } from 'hono';
import pkg from '#package.json' with { type: 'json' };
import type { AppEnv } from '#worker/env.ts';
import { databaseAnswers } from './health.check.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database, databaseLatencyMs } = await databaseAnswers(c.var.ctx);
  const data = { version: pkg.version, database, databaseLatencyMs };
  return c.json({ success: database, data, ...(database ? {} : { message: 'The database is not answering' }) }, database ? 200 : 503);
});
