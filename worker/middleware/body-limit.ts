import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/env.ts';
import { BODY_TOO_LARGE, isJsonType, JSON_MAX_BYTES } from '#worker/lib/body.ts';
import { badRequest } from '#worker/lib/errors.ts';
import { readLimitedBody } from '#worker/lib/uploads.ts';

export const MAX_JSON_DEPTH = 20;
export const TOO_DEEP = 'Request body is nested too deeply';

/** How deep arrays and objects nest in a JSON text, read without parsing it (brackets inside strings do not count). */
export function jsonDepth(bytes: Uint8Array, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c)
        i++; // backslash: skip the escaped character
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > deepest && (deepest = depth) > stopAbove) break;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return deepest;
}

/**
 * One limit for every /api body that is not a multipart upload (JSON, url-encoded, text): held to
 * the largest any route reads before any handler or validator parses it, and JSON nested past
 * MAX_JSON_DEPTH is refused. Routes that take less narrow it in their own reader (worker/lib/body.ts);
 * multipart uploads are limited per route by theirs.
 */
export const bodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  const req = c.req.raw;
  if (!req.body || req.method === 'GET' || req.method === 'HEAD') return next();
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return next();
  const bytes = await readLimitedBody(req, JSON_MAX_BYTES, BODY_TOO_LARGE);
  if (isJsonType(type) && jsonDepth(bytes, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw badRequest(TOO_DEEP);
  c.req.raw = new Request(req, { body: bytes });
  await next();
});
