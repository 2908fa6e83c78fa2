import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';

const TEXT = /^(?:text\/(?!event-stream)|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const WHOLE_BODY = new Set([200, 201, 400, 401, 403, 404, 409, 410, 422, 429, 500]);

/**
 * Text answers are compressed when the browser accepts gzip: workerd itself gzips a body whose
 * Content-Encoding is set. Cloudflare's edge does the same in production; doing it here too means
 * the local stack, and every measurement taken on it, sends the bytes visitors would download.
 */
export const compressText = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const res = c.res;
  if (!res.body || !WHOLE_BODY.has(res.status) || res.headers.has('content-encoding')) return;
  if (!TEXT.test(res.headers.get('content-type') ?? '') || !/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) return;
  const out = new Response(res.body, res);
  out.headers.set('content-encoding', 'gzip');
  out.headers.delete('content-length');
  out.headers.append('vary', 'Accept-Encoding');
  c.res = out;
});
