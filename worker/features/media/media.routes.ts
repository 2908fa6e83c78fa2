import { Hono } from 'hono';
import { BULK_UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '#core/media/limits.ts';
import { ListMediaQuery, MEDIA_MESSAGES, MediaItemParam, MediaOwnerParam } from '#core/media/media-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { readBody } from '#worker/lib/body.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { deleteMedia, listMedia, uploadMedia } from './media.service.ts';

const bulk = { maxBytes: BULK_UPLOAD_MAX_BYTES, tooLargeMessage: UPLOAD_MESSAGES.bulkTooLarge };

export const mediaRoutes = new Hono<AppEnv>()
  .get('/:ownerId', validate('param', MediaOwnerParam), validate('query', ListMediaQuery), async (c) => {
    const { ownerId } = c.req.valid('param');
    const { items, pagination } = await listMedia(c.var.ctx, ownerId, c.req.valid('query'));
    return c.json({ success: true, data: items, media: items, pagination });
  })
  .post('/:ownerId', bodyLimit(bulk), validate('param', MediaOwnerParam), async (c) => {
    const input = await readBody(c.req.raw, bulk);
    const items = await uploadMedia(c.var.ctx, c.req.valid('param').ownerId, input);
    return c.json({ success: true, data: items, media: items, count: items.length, message: MEDIA_MESSAGES.uploaded }, 201);
  })
  .delete('/:ownerId/:mediaId', validate('param', MediaItemParam), async (c) => {
    const { ownerId, mediaId } = c.req.valid('param');
    const data = await deleteMedia(c.var.ctx, ownerId, mediaId);
    return c.json({ success: true, data, message: MEDIA_MESSAGES.deleted });
  });
