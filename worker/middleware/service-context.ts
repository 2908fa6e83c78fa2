import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';
import { clientIp } from '#worker/lib/rate-limit.ts';
import { runtimeContext } from '#worker/lib/runtime.ts';

/** Builds the request's service context once, after the caller is known (it runs after `authorize`). */
export const serviceContextMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  let waitUntil: ((p: Promise<unknown>) => void) | undefined;
  try {
    const exec = c.executionCtx;
    waitUntil = (p) => exec.waitUntil(p);
  } catch {
    // app.request() without an execution context (unit tests): the deferred promise runs on its own.
  }
  c.set(
    'ctx',
    runtimeContext(c.env, {
      user: c.var.user,
      kiosk: c.var.kiosk,
      requestId: c.var.requestId,
      ip: clientIp(c.req.header('cf-connecting-ip')),
      requestOrigin: new URL(c.req.url).origin,
      waitUntil,
    }),
  );
  await next();
});
