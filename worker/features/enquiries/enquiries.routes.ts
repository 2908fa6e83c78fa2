import { Hono } from 'hono';
import { namedListQuery, ListEnquiriesQuery } from '#core/enquiries/enquiry-query.ts';
import {
  BulkDeleteEnquiriesSchema,
  CreateEnquirySchema,
  ENQUIRY_MESSAGES,
  MarkEnquirySchema,
  UpdateEnquirySchema,
} from '#core/enquiries/enquiry-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { createEnquiry } from './enquiries.create.ts';
import { enquiryStats, getEnquiry, listEnquiries, namedList } from './enquiries.read.ts';
import { serializeSubmitted } from './enquiries.serialize.ts';
import { bulkDeleteEnquiries, deleteEnquiry, markEnquiry, updateEnquiry } from './enquiries.write.ts';

const smallBody = bodyLimit({ maxBytes: 64 * 1024, tooLargeMessage: 'The enquiry is too long' });

const plural = (n: number) => `${n} enquir${n === 1 ? 'y' : 'ies'}`;

// Fixed paths (/stats, /recent, /new, /unresolved) come before /:id so it cannot swallow them.
export const enquiriesRoutes = new Hono<AppEnv>()
  .post('/', smallBody, validate('json', CreateEnquirySchema), async (c) => {
    const row = await createEnquiry(c.var.ctx, c.req.valid('json'));
    return c.json({ success: true, data: serializeSubmitted(row), message: ENQUIRY_MESSAGES.created }, 201);
  })
  .get('/', validate('query', ListEnquiriesQuery), async (c) => {
    const { enquiries, pagination } = await listEnquiries(c.var, c.req.valid('query'));
    return c.json({ success: true, data: enquiries, pagination });
  })
  .delete('/', validate('json', BulkDeleteEnquiriesSchema), async (c) => {
    const result = await bulkDeleteEnquiries(c.var, c.req.valid('json').enquiryIds);
    return c.json({
      success: true,
      data: result,
      count: result.deletedCount,
      message: `${plural(result.deletedCount)} deleted successfully`,
    });
  })
  .get('/stats', async (c) => {
    const stats = await enquiryStats(c.var);
    return c.json({ success: true, data: stats, stats });
  })
  .get('/recent', validate('query', namedListQuery('recent')), async (c) => {
    const data = await namedList(c.var, 'recent', c.req.valid('query').limit);
    return c.json({ success: true, data, count: data.length });
  })
  .get('/new', validate('query', namedListQuery('new')), async (c) => {
    const data = await namedList(c.var, 'new', c.req.valid('query').limit);
    return c.json({ success: true, data, count: data.length });
  })
  .get('/unresolved', validate('query', namedListQuery('unresolved')), async (c) => {
    const data = await namedList(c.var, 'unresolved', c.req.valid('query').limit);
    return c.json({ success: true, data, count: data.length });
  })
  .get('/:id', async (c) => {
    const enquiry = await getEnquiry(c.var, c.req.param('id'));
    return c.json({ success: true, data: enquiry });
  })
  .put('/:id', validate('json', UpdateEnquirySchema), async (c) => {
    const enquiry = await updateEnquiry(c.var, c.req.param('id'), c.req.valid('json'));
    return c.json({ success: true, data: enquiry, message: 'Enquiry updated successfully' });
  })
  .delete('/:id', async (c) => {
    const data = await deleteEnquiry(c.var, c.req.param('id'));
    return c.json({ success: true, data, message: 'Enquiry deleted successfully' });
  })
  .patch('/:id/contacted', validate('json', MarkEnquirySchema), async (c) => {
    const enquiry = await markEnquiry(c.var, c.req.param('id'), 'Contacted', c.req.valid('json'));
    return c.json({ success: true, data: enquiry, message: 'Enquiry marked as contacted' });
  })
  .patch('/:id/resolved', validate('json', MarkEnquirySchema), async (c) => {
    const enquiry = await markEnquiry(c.var, c.req.param('id'), 'Resolved', c.req.valid('json'));
    return c.json({ success: true, data: enquiry, message: 'Enquiry marked as resolved' });
  });
