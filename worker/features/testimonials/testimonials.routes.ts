import { Hono } from 'hono';
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from '#core/media/limits.ts';
import { BulkDeleteTestimonialsSchema, ListTestimonialsQuery, TESTIMONIAL_MESSAGES } from '#core/media/testimonial-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { readBody } from '#worker/lib/body.ts';
import {
  bulkDeleteTestimonials,
  createTestimonial,
  deleteTestimonial,
  getTestimonial,
  listTestimonials,
  updateTestimonial,
} from './testimonials.service.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';

const imageBody = { maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: UPLOAD_MESSAGES.imageTooLarge };
const plural = (n: number) => `${n} testimonial${n === 1 ? '' : 's'}`;

export const testimonialsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListTestimonialsQuery), async (c) => {
    const { testimonials, pagination } = await listTestimonials(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: testimonials, testimonials, pagination });
  })
  .post('/', bodyLimit(imageBody), async (c) => {
    const testimonial = await createTestimonial(c.var.ctx, await readBody(c.req.raw, imageBody));
    return c.json({ success: true, data: testimonial, testimonial, message: TESTIMONIAL_MESSAGES.created }, 201);
  })
  .post('/bulk-delete', validate('json', BulkDeleteTestimonialsSchema), async (c) => {
    const { deletedCount } = await bulkDeleteTestimonials(c.var.ctx, c.req.valid('json').testimonialIds);
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => {
    const testimonial = await getTestimonial(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: testimonial, testimonial });
  })
  .put('/:id', bodyLimit(imageBody), async (c) => {
    const testimonial = await updateTestimonial(c.var.ctx, c.req.param('id'), await readBody(c.req.raw, imageBody));
    return c.json({ success: true, data: testimonial, testimonial, message: TESTIMONIAL_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteTestimonial(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: TESTIMONIAL_MESSAGES.deleted });
  });
