import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { notFound } from '#worker/lib/errors.ts';
import { isHiddenPostFile } from '#worker/lib/hidden-files.ts';
import { seesHidden } from '#worker/lib/visibility.ts';
import { serveObject } from '#worker/lib/uploads.ts';
import { getRanged } from '#worker/lib/byte-range.ts';
import { INLINE_TYPES, isPublicKey } from '#worker/lib/public-files.ts';

/** R2 refuses keys over 1,024 bytes (a 500); ours are far shorter. */
const MAX_KEY_BYTES = 1024;
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/** The stored key a path names, or null for anything no upload could have made (bad escapes, `..`, NUL, empty segments, too long). */
function keyOf(path: string): string | null {
  const raw = path.replace(/^\/api\/files\//, '');
  if (raw.length > MAX_KEY_BYTES * 3) return null;
  let key: string;
  try {
    key = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (new TextEncoder().encode(key).length > MAX_KEY_BYTES) return null;
  const segments = key.split('/');
  if (segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) return null;
  return isPublicKey(key) ? key : null;
}

export const filesRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = keyOf(c.req.path);
  if (!key) throw notFound('File not found');
  const hidden = await isHiddenPostFile(c.var.ctx, key);
  if (hidden && !seesHidden(c.var.ctx)) throw notFound('File not found');
  const etag = c.req.header('if-none-match');
  // A video plays in Safari, and seeks anywhere, only when its file answers byte ranges.
  const { object, ranged } = await getRanged(
    c.env.UPLOADS,
    key,
    c.req.header('range'),
    etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/^W\//, '').replace(/"/g, '') } } : {},
  );
  if (!object) throw notFound('File not found');
  if (!('body' in object)) return new Response(null, { status: 304, headers: { etag: object.httpEtag } });
  const res = serveObject(object, ranged);
  if (hidden) res.headers.set('cache-control', 'private, no-store');
  const type = res.headers.get('content-type') ?? '';
  if (!INLINE_TYPES.test(type)) {
    const name = object.customMetadata?.filename ?? key.split('/').pop() ?? 'download';
    res.headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  return res;
});
