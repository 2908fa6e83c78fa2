import {
  BulkDeleteEventsSchema,
  CreateEventSchema,
  EVENT_MESSAGES,
  ListEventsQuery,
  UpdateEventSchema,
} from '#core/catalog/event-schemas.ts';
import { catalogRoutes } from '#worker/lib/catalog/routes.ts';
import { getEvent, listEvents } from './events.read.ts';
import { bulkDeleteEvents, createEvent, deleteEvent, updateEvent } from './events.write.ts';

export const eventsRoutes = catalogRoutes({
  one: 'event',
  many: 'events',
  bulkPath: '/',
  schemas: { list: ListEventsQuery, create: CreateEventSchema, update: UpdateEventSchema, bulkDelete: BulkDeleteEventsSchema },
  messages: EVENT_MESSAGES,
  list: listEvents,
  get: getEvent,
  create: createEvent,
  update: updateEvent,
  remove: deleteEvent,
  removeMany: bulkDeleteEvents,
});
