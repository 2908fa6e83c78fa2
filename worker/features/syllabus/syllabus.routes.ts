import { Hono } from 'hono';
import { SYLLABUS_LIMITS, SYLLABUS_MESSAGES as M } from '#core/syllabus/syllabus-messages.ts';
import { BulkDeleteSyllabusInput } from '#core/syllabus/syllabus-input.ts';
import { MySyllabusQuery, SyllabusAdminAllQuery, SyllabusListQuery } from '#core/syllabus/syllabus-query.ts';
import type { AppEnv } from '#worker/env.ts';
import { readBody } from '#worker/lib/body.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { downloadMaterial } from './syllabus.download.ts';
import { getSyllabusItem, listSyllabus, listSyllabusByGrade, mySyllabus } from './syllabus.read.ts';
import { bulkDeleteSyllabus, createSyllabusItem, deleteSyllabusItem, updateSyllabusItem } from './syllabus.write.ts';

/** Limits of POST/PUT: files and fields together (JSON, which carries no files, at most 256 KB). */
const FORM = {
  maxBytes: SYLLABUS_LIMITS.bodyBytes,
  tooLargeMessage: M.bodyTooLarge,
  jsonMaxBytes: 256 * 1024,
  jsonTooLargeMessage: 'The request body is too large',
  wrongTypeMessage: 'Send the form as multipart/form-data (or JSON without files)',
};
const plural = (n: number) => `${n} syllabus item${n === 1 ? '' : 's'}`;

// Fixed two-segment paths (/student/my-syllabus, /admin/all) come before /:id.
export const syllabusRoutes = new Hono<AppEnv>()
  .post('/', bodyLimit(FORM), async (c) => {
    const item = await createSyllabusItem(c.var.ctx, await readBody(c.req.raw, FORM));
    return c.json({ success: true, data: item, syllabus: item, message: M.created }, 201);
  })
  .get('/', validate('query', SyllabusListQuery), async (c) => {
    const { items, pagination } = await listSyllabus(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: items, pagination });
  })
  .delete('/', validate('json', BulkDeleteSyllabusInput), async (c) => {
    const { deletedCount } = await bulkDeleteSyllabus(c.var.ctx, c.req.valid('json').syllabusIds);
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .get('/student/my-syllabus', validate('query', MySyllabusQuery), async (c) => {
    const { items, grade, message } = await mySyllabus(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: items, count: items.length, grade, ...(message ? { message } : {}) });
  })
  .get('/admin/all', validate('query', SyllabusAdminAllQuery), async (c) => {
    const { items, grouped, pagination } = await listSyllabusByGrade(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: items, grouped, pagination });
  })
  .get('/:id', async (c) => {
    const item = await getSyllabusItem(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: item, syllabus: item });
  })
  .put('/:id', bodyLimit(FORM), async (c) => {
    const item = await updateSyllabusItem(c.var.ctx, c.req.param('id'), await readBody(c.req.raw, FORM));
    return c.json({ success: true, data: item, syllabus: item, message: M.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteSyllabusItem(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: M.deleted });
  })
  .get('/:id/materials/:materialId', async (c) => {
    const { uid, exp, sig } = c.req.query();
    return downloadMaterial(c.var.ctx, c.req.param('id'), c.req.param('materialId'), { uid, exp, sig }, c.req.header('range'));
  });
