import { Hono } from 'hono';
import { z } from 'zod';
import { BulkDeleteChartsSchema, CHART_MESSAGES, ListChartsQuery } from '#core/media/chart-schemas.ts';
import { firstOf, flag } from '#core/fields.ts';
import { IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from '#core/media/limits.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { parseInput } from '#worker/lib/validate.ts';
import { readBody } from '#worker/lib/body.ts';
import { bodyLimit } from '#worker/middleware/body-limit.ts';
import { bulkDeleteCharts, createChart, deleteChart, getChart, listCharts, toggleChartFeatured, updateChart } from './charts.service.ts';

const imageBody = { maxBytes: IMAGE_MAX_BYTES, tooLargeMessage: UPLOAD_MESSAGES.imageTooLarge };
const FeaturedBody = z.object({ featured: firstOf(flag('featured')).optional() });
const plural = (n: number) => `${n} chart${n === 1 ? '' : 's'}`;

// DELETE /bulk is registered before DELETE /:id so it cannot be taken for an id.
export const chartsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListChartsQuery), async (c) => {
    const { charts, pagination } = await listCharts(c.var.ctx, c.req.valid('query'));
    return c.json({ success: true, data: charts, charts, pagination });
  })
  .post('/', bodyLimit(imageBody), async (c) => {
    const chart = await createChart(c.var.ctx, await readBody(c.req.raw, imageBody));
    return c.json({ success: true, data: chart, chart, message: CHART_MESSAGES.created }, 201);
  })
  .delete('/bulk', validate('json', BulkDeleteChartsSchema), async (c) => {
    const { deletedCount } = await bulkDeleteCharts(c.var.ctx, c.req.valid('json').chartIds);
    return c.json({ success: true, data: { deletedCount }, count: deletedCount, message: `${plural(deletedCount)} deleted successfully` });
  })
  .get('/:id', async (c) => {
    const chart = await getChart(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data: chart, chart });
  })
  .put('/:id', bodyLimit(imageBody), async (c) => {
    const chart = await updateChart(c.var.ctx, c.req.param('id'), await readBody(c.req.raw, imageBody));
    return c.json({ success: true, data: chart, chart, message: CHART_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteChart(c.var.ctx, c.req.param('id'));
    return c.json({ success: true, data, message: CHART_MESSAGES.deleted });
  })
  .patch('/:id/featured', bodyLimit(imageBody), async (c) => {
    const { featured } = parseInput(FeaturedBody, (await readBody(c.req.raw, imageBody)).fields);
    const chart = await toggleChartFeatured(c.var.ctx, c.req.param('id'), featured);
    return c.json({
      success: true,
      data: chart,
      chart,
      message: chart.featured ? 'Chart marked as featured' : 'Chart removed from featured',
    });
  });
