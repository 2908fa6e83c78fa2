import { Hono } from 'hono';
import { SYLLABUS_MESSAGES as M } from '#core/syllabus/syllabus-messages.ts';
import { BulkDeleteSyllabusInput } from '#core/syllabus/syllabus-input.ts';
import { MySyllabusQuery, SyllabusAdminAllQuery, SyllabusListQuery } from '#core/syllabus/syllabus-query.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { syllabusCtx } from './syllabus.context.ts';
import { downloadMaterial } from './syllabus.download.ts';
import { getSyllabusItem, listSyllabus, listSyllabusByGrade, mySyllabus } from './syllabus.read.ts';
import { bulkDeleteSyllabus, createSyllabusItem, deleteSyllabusItem, updateSyllabusItem } from './syllabus.write.ts';

const plural = (n: number) => `${n} syllabus item${n === 1 ? '' : 's'}`;

// Fixed two-segment paths (/student/my-syllabus, /admin/all) come before /:id.
export const syllabusRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const item = await createSyllabusItem({ ctx: syllabusCtx(c), request: c.req.raw });
    return c.json({ success: true, data: item, syllabus: item, message: M.created }, 201);
  })
  .get('/', validate('query', SyllabusListQuery), async (c) => {
    const { items, pagination } = await listSyllabus({ ctx: syllabusCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: items, pagination });
  })
  .delete('/', validate('json', BulkDeleteSyllabusInput), async (c) => {
    const { deletedCount } = await bulkDeleteSyllabus({ ctx: syllabusCtx(c), ids: c.req.valid('json').syllabusIds });
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .get('/student/my-syllabus', validate('query', MySyllabusQuery), async (c) => {
    const { items, grade, message } = await mySyllabus({ ctx: syllabusCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: items, count: items.length, grade, ...(message ? { message } : {}) });
  })
  .get('/admin/all', validate('query', SyllabusAdminAllQuery), async (c) => {
    const { items, grouped, pagination } = await listSyllabusByGrade({ ctx: syllabusCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: items, grouped, pagination });
  })
  .get('/:id', async (c) => {
    const item = await getSyllabusItem({ ctx: syllabusCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data: item, syllabus: item });
  })
  .put('/:id', async (c) => {
    const item = await updateSyllabusItem({ ctx: syllabusCtx(c), id: c.req.param('id'), request: c.req.raw });
    return c.json({ success: true, data: item, syllabus: item, message: M.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteSyllabusItem({ ctx: syllabusCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data, message: M.deleted });
  })
  .get('/:id/materials/:materialId', async (c) => {
    const { uid, exp, sig } = c.req.query();
    return downloadMaterial({
      ctx: syllabusCtx(c),
      id: c.req.param('id'),
      materialId: c.req.param('materialId'),
      link: { uid, exp, sig },
      range: c.req.header('range'),
    });
  });
