import { Hono } from 'hono';
import { CLASS_MESSAGES, CreateClassSchema, ListClassesQuery, UpdateClassSchema } from '#core/catalog/class-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { readCatalogBody } from '#worker/features/courses/catalog-body.ts';
import { catalogCtx } from '#worker/features/courses/catalog-ctx.ts';
import { createClass, deleteClass, listClasses, updateClass } from './classes.service.ts';

export const classesRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListClassesQuery), async (c) => {
    const { classes, pagination } = await listClasses({ ctx: catalogCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: classes, classes, pagination });
  })
  .post('/', async (c) => {
    const { input } = await readCatalogBody(c.req.raw, CreateClassSchema);
    const data = await createClass({ ctx: catalogCtx(c), input });
    return c.json({ success: true, data, class: data, message: CLASS_MESSAGES.created }, 201);
  })
  .put('/:id', async (c) => {
    const { input } = await readCatalogBody(c.req.raw, UpdateClassSchema);
    const data = await updateClass({ ctx: catalogCtx(c), id: c.req.param('id'), input });
    return c.json({ success: true, data, class: data, message: CLASS_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteClass({ ctx: catalogCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data, message: CLASS_MESSAGES.deleted });
  });
