import { type CreateEventInput, EVENT_MESSAGES, type UpdateEventInput } from '#core/catalog/event-schemas.ts';
import type { EventDto } from '#core/catalog/types.ts';
import { events } from '#db/schema/index.ts';
import { datedWrites } from '#worker/lib/catalog/dated-write.ts';
import { serializeEvent } from './events.serialize.ts';

const writes = datedWrites<typeof events, CreateEventInput, UpdateEventInput, EventDto>({
  table: events,
  prefix: 'events',
  messages: EVENT_MESSAGES,
  dbErrors: { checks: { events_end_after_start: EVENT_MESSAGES.endBeforeStart } },
  serialize: serializeEvent,
});

/** POST /api/events: without an end date the event ends when it starts. */
export const createEvent = writes.create;
/** PUT /api/events/:id: the date rules are in worker/lib/catalog/dated-write.ts. */
export const updateEvent = writes.update;
export const deleteEvent = writes.remove;
export const bulkDeleteEvents = writes.removeMany;
