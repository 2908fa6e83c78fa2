import { Hono } from 'hono';
import {
  BulkDeleteEventsSchema,
  CreateEventSchema,
  EVENT_MESSAGES,
  ListEventsQuery,
  UpdateEventSchema,
} from '#core/catalog/event-schemas.ts';
import type { AppEnv } from '../../env.ts';
import { validate } from '../../lib/validate.ts';
import { readCatalogBody } from '../courses/catalog-body.ts';
import { catalogCtx } from '../courses/catalog-ctx.ts';
import { getEvent, listEvents } from './events.read.ts';
import { bulkDeleteEvents, createEvent, deleteEvent, updateEvent } from './events.write.ts';

const plural = (n: number) => `${n} event${n === 1 ? '' : 's'}`;

export const eventsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListEventsQuery), async (c) => {
    const { events, pagination } = await listEvents({ ctx: catalogCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: events, events, pagination });
  })
  .post('/', async (c) => {
    const { input, image } = await readCatalogBody(c.req.raw, CreateEventSchema, { image: true });
    const event = await createEvent({ ctx: catalogCtx(c), input, image });
    return c.json({ success: true, data: event, event, message: EVENT_MESSAGES.created }, 201);
  })
  .delete('/', validate('json', BulkDeleteEventsSchema), async (c) => {
    const { deletedCount, deletedIds } = await bulkDeleteEvents({ ctx: catalogCtx(c), ids: c.req.valid('json').eventIds });
    return c.json({
      success: true,
      data: { deletedCount, deletedIds },
      count: deletedCount,
      message: `${plural(deletedCount)} deleted successfully`,
    });
  })
  .get('/:id', async (c) => {
    const event = await getEvent({ ctx: catalogCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data: event, event });
  })
  .put('/:id', async (c) => {
    const { input, image } = await readCatalogBody(c.req.raw, UpdateEventSchema, { image: true });
    const event = await updateEvent({ ctx: catalogCtx(c), id: c.req.param('id'), input, image });
    return c.json({ success: true, data: event, event, message: EVENT_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteEvent({ ctx: catalogCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data, message: EVENT_MESSAGES.deleted });
  });
