import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';

const VALID = /^[A-Za-z0-9._-]{8,64}$/;

/** Reuses an upstream request id when it looks sane (Cloudflare's cf-ray), else makes one. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const upstream = c.req.header('cf-ray') ?? c.req.header('x-request-id');
  const id = upstream && VALID.test(upstream) ? upstream : crypto.randomUUID();
  c.set('requestId', id);
  await next();
  c.header('X-Request-Id', id);
});
