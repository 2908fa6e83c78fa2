import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { AppEnv } from '#worker/env.ts';
import { BODY_TOO_LARGE, isJsonType, JSON_MAX_BYTES } from '#worker/lib/body.ts';
import { badRequest, tooLarge } from '#worker/lib/errors.ts';
import { MULTIPART_OVERHEAD_BYTES, readLimitedBody } from '#worker/lib/uploads.ts';

export const MAX_JSON_DEPTH = 20;
export const TOO_DEEP = 'Request body is nested too deeply';
/** What a page's form post may send when its route names no bound of its own. */
export const PAGE_BODY_MAX_BYTES = 64 * 1024;
/** Bodies up to this are read whole before the route runs; larger (uploads) are counted as the route reads them. */
const READ_WHOLE_MAX_BYTES = JSON_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;

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

/** A route's bound: the same shape as readBody's options, so an upload route passes the one object to both. */
export type BodyBound = { maxBytes: number; tooLargeMessage: string };

type BoundOf = BodyBound | ((c: Context<AppEnv>) => BodyBound);
const BOUND = Symbol('body bound');
type Bounded = { [BOUND]?: BoundOf; [COMPOSED_HANDLER]?: Bounded };

/**
 * A route's own body bound, in its chain (`.post('/', bodyLimit(opts), …)`): wider for uploads, narrower
 * for webhooks and small forms (a function when it comes from the configuration). It does nothing itself; `limitBodies` finds it on the matched route and
 * enforces it before anything reads the body.
 */
export function bodyLimit(bound: BoundOf): MiddlewareHandler<AppEnv> {
  const marker: MiddlewareHandler<AppEnv> & Bounded = (_c, next) => next();
  marker[BOUND] = bound;
  return marker;
}

function routeBound(c: Context<AppEnv>): BodyBound {
  for (const route of matchedRoutes(c)) {
    const handler = route.handler as Bounded;
    const bound = handler[BOUND] ?? handler[COMPOSED_HANDLER]?.[BOUND];
    if (bound) return typeof bound === 'function' ? bound(c) : bound;
  }
  return { maxBytes: c.req.path.startsWith('/api/') ? JSON_MAX_BYTES : PAGE_BODY_MAX_BYTES, tooLargeMessage: BODY_TOO_LARGE };
}

/** Passes a body on, refusing it (413) once more than `max` bytes have come through. */
function countedBody(body: ReadableStream<Uint8Array>, max: number, message: string): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(tooLarge(message));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * Every request body, /api and pages, on every content type, is held to its route's bound (`bodyLimit`)
 * or the default (JSON_MAX_BYTES for /api, PAGE_BODY_MAX_BYTES for pages), on its Content-Length and on
 * the bytes read; multipart gets readBody's margin for boundaries. Small bodies are read whole here (JSON
 * nested past MAX_JSON_DEPTH refused); a larger upload is counted as its route's reader streams it.
 */
export const limitBodies = createMiddleware<AppEnv>(async (c, next) => {
  const req = c.req.raw;
  if (!req.body || req.method === 'GET' || req.method === 'HEAD') return next();
  const { maxBytes, tooLargeMessage } = routeBound(c);
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  const max = type.startsWith('multipart/form-data') ? maxBytes + MULTIPART_OVERHEAD_BYTES : Math.min(maxBytes, JSON_MAX_BYTES);
  // readLimitedBody refuses an over-long Content-Length (draining it as it does for every reader).
  if (max > READ_WHOLE_MAX_BYTES && !(Number(req.headers.get('content-length')) > max)) {
    c.req.raw = new Request(req, { method: req.method, body: countedBody(req.body, max, tooLargeMessage) });
    return next();
  }
  const bytes = await readLimitedBody(req, max, tooLargeMessage);
  if (isJsonType(type) && jsonDepth(bytes, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw badRequest(TOO_DEEP);
  c.req.raw = new Request(req, { method: req.method, body: bytes });
  await next();
});
