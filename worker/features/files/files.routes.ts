import { Hono } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { notFound } from '#worker/lib/errors.ts';
import { serveObject } from '#worker/lib/uploads.ts';
import { INLINE_TYPES, isPublicKey } from '#worker/lib/public-files.ts';

export const filesRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const key = decodeURIComponent(c.req.path.replace(/^\/api\/files\//, ''));
  if (!isPublicKey(key)) throw notFound('File not found');
  const etag = c.req.header('if-none-match');
  const object: R2Object | R2ObjectBody | null = await c.env.UPLOADS.get(
    key,
    etag ? { onlyIf: { etagDoesNotMatch: etag.replace(/^W\//, '').replace(/"/g, '') } } : {},
  );
  if (!object) throw notFound('File not found');
  if (!('body' in object)) return new Response(null, { status: 304, headers: { etag: object.httpEtag } });
  const res = serveObject(object);
  const type = res.headers.get('content-type') ?? '';
  if (!INLINE_TYPES.test(type)) {
    const name = object.customMetadata?.filename ?? key.split('/').pop() ?? 'download';
    res.headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  return res;
});
