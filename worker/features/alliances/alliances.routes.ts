import { Hono } from 'hono';
import { ALLIANCE_MESSAGES, BulkDeleteAlliancesSchema, ListAlliancesQuery } from '#core/media/alliance-schemas.ts';
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from '#core/media/limits.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { readBody } from '#worker/lib/body.ts';
import {
  bulkDeleteAlliances,
  createAlliance,
  deleteAlliance,
  getAlliance,
  listActiveAlliances,
  listAllAlliances,
  setAllianceActive,
  updateAlliance,
} from './alliances.service.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';

const imageBody = { maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: UPLOAD_MESSAGES.imageTooLarge };
const plural = (n: number) => `${n} alliance${n === 1 ? '' : 's'}`;

/** Mounted at /api/allience (the spec's spelling) and /api/alliance. GET /admin comes before GET /:id. */
export const alliancesRoutes = new Hono<AppEnv>()
  .get('/admin', validate('query', ListAlliancesQuery), async (c) => {
    const { alliances, pagination } = await listAllAlliances(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: alliances, alliances, pagination });
  })
  .get('/', validate('query', ListAlliancesQuery), async (c) => {
    const { alliances, pagination } = await listActiveAlliances(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: alliances, alliances, pagination });
  })
  .post('/', bodyLimit(imageBody), async (c) => {
    const alliance = await createAlliance(c.var.ctx, await readBody(c.req.raw, imageBody));
    return c.json({ success: true, data: alliance, alliance, message: ALLIANCE_MESSAGES.created }, 201);
  })
  .delete('/', validate('json', BulkDeleteAlliancesSchema), async (c) => {
    const { deletedCount } = await bulkDeleteAlliances(c.var.ctx, c.req.valid('json').allienceIds);
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => {
    const alliance = await getAlliance(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: alliance, alliance });
  })
  .put('/:id', bodyLimit(imageBody), async (c) => {
    const alliance = await updateAlliance(c.var.ctx, c.req.param('id'), await readBody(c.req.raw, imageBody));
    return c.json({ success: true, data: alliance, alliance, message: ALLIANCE_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteAlliance(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: ALLIANCE_MESSAGES.deleted });
  })
  .patch('/:id/activate', async (c) => {
    const alliance = await setAllianceActive(c.var.ctx, c.req.param('id'), true);
    return c.json({ success: true, data: alliance, alliance, message: ALLIANCE_MESSAGES.activated });
  })
  .patch('/:id/deactivate', async (c) => {
    const alliance = await setAllianceActive(c.var.ctx, c.req.param('id'), false);
    return c.json({ success: true, data: alliance, alliance, message: ALLIANCE_MESSAGES.deactivated });
  });
