import { Hono } from 'hono';
import {
  BulkDeleteSeminarsSchema,
  CreateSeminarSchema,
  ListSeminarsQuery,
  SEMINAR_MESSAGES,
  UpdateSeminarSchema,
} from '#core/catalog/seminar-schemas.ts';
import type { AppEnv } from '../../env.ts';
import { validate } from '../../lib/validate.ts';
import { readCatalogBody } from '../courses/catalog-body.ts';
import { catalogCtx } from '../courses/catalog-ctx.ts';
import { getSeminar, listSeminars } from './seminars.read.ts';
import { bulkDeleteSeminars, createSeminar, deleteSeminar, updateSeminar } from './seminars.write.ts';

const plural = (n: number) => `${n} seminar${n === 1 ? '' : 's'}`;

// DELETE /bulk comes before DELETE /:id so it is not taken for an id.
export const seminarsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListSeminarsQuery), async (c) => {
    const { seminars, pagination } = await listSeminars({ ctx: catalogCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: seminars, seminars, pagination });
  })
  .post('/', async (c) => {
    const { input, image } = await readCatalogBody(c.req.raw, CreateSeminarSchema, { image: true });
    const seminar = await createSeminar({ ctx: catalogCtx(c), input, image });
    return c.json({ success: true, data: seminar, seminar, message: SEMINAR_MESSAGES.created }, 201);
  })
  .delete('/bulk', validate('json', BulkDeleteSeminarsSchema), async (c) => {
    const { deletedCount, deletedIds } = await bulkDeleteSeminars({ ctx: catalogCtx(c), ids: c.req.valid('json').seminarIds });
    return c.json({
      success: true,
      data: { deletedCount, deletedIds },
      count: deletedCount,
      message: `${plural(deletedCount)} deleted successfully`,
    });
  })
  .get('/:id', async (c) => {
    const seminar = await getSeminar({ ctx: catalogCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data: seminar, seminar });
  })
  .put('/:id', async (c) => {
    const { input, image } = await readCatalogBody(c.req.raw, UpdateSeminarSchema, { image: true });
    const seminar = await updateSeminar({ ctx: catalogCtx(c), id: c.req.param('id'), input, image });
    return c.json({ success: true, data: seminar, seminar, message: SEMINAR_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteSeminar({ ctx: catalogCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data, message: SEMINAR_MESSAGES.deleted });
  });
