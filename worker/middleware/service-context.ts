import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';
import { roomsPublisher } from '#party/user-room.ts';
import { clientIp } from '#worker/lib/rate-limit.ts';
import { serviceContext } from '#worker/lib/service-context.ts';

/** Builds the request's service context once, after the caller is known (it runs after `authorize`). */
export const serviceContextMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const { db, config, mailer, requestId, user } = c.var;
  let waitUntil: ((p: Promise<unknown>) => void) | undefined;
  try {
    const exec = c.executionCtx;
    waitUntil = (p) => exec.waitUntil(p);
  } catch {
    // app.request() without an execution context (unit tests): the deferred promise runs on its own.
  }
  c.set(
    'ctx',
    serviceContext({
      db,
      config,
      mailer,
      requestId,
      user,
      storage: c.env.UPLOADS,
      ip: clientIp(c.req.header('cf-connecting-ip')),
      requestOrigin: new URL(c.req.url).origin,
      publisher: roomsPublisher(c.env, config.APP_ENV),
      waitUntil,
    }),
  );
  await next();
});
