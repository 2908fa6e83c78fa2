import { z } from 'zod';
import { CATEGORY_MESSAGE, EVENT_CATEGORIES } from './catalog-options.ts';
import { flag, idList, isoDateTime, optionalIsoDateTime, optionalText, optionEnum, requiredText } from '#core/fields.ts';
import { optionalHttpUrl, parsesAsHttpUrl } from '#core/link-fields.ts';
import { boolParam, enumParam, listQuery, searchParam, whenParam } from './query.ts';

export const EVENT_MESSAGES = {
  bodyObject: 'Request body must be an object',
  notFound: 'Event not found',
  idsRequired: 'Event IDs array is required',
  endBeforeStart: 'End date must be on or after the start date',
  nothingToUpdate: 'Nothing to update',
  created: 'Event created successfully',
  updated: 'Event updated successfully',
  deleted: 'Event deleted successfully',
} as const;

/** End on or after start, when both are given (an update with one of them is checked by the database). */
export const endNotBeforeStart =
  (message: string) => (v: { startsAt?: Date | undefined; endsAt?: Date | null | undefined }, ctx: z.RefinementCtx) => {
    if (v.startsAt && v.endsAt && v.endsAt.getTime() < v.startsAt.getTime()) ctx.addIssue({ code: 'custom', path: ['endsAt'], message });
  };

const eventFields = {
  title: requiredText('Title', 200),
  description: optionalText('Description', 10_000),
  startsAt: isoDateTime('Start date'),
  endsAt: optionalIsoDateTime('End date'),
  location: optionalText('Location', 300),
  category: optionEnum(EVENT_CATEGORIES, CATEGORY_MESSAGE).optional(),
  registrationUrl: optionalHttpUrl('Registration link', { accept: parsesAsHttpUrl }),
  isActive: flag('isActive').optional(),
};

export const CreateEventSchema = z
  .object(eventFields, { error: EVENT_MESSAGES.bodyObject })
  .superRefine(endNotBeforeStart(EVENT_MESSAGES.endBeforeStart));
export type CreateEventInput = z.output<typeof CreateEventSchema>;

export const UpdateEventSchema = z
  .object(
    {
      ...eventFields,
      title: eventFields.title.optional(),
      startsAt: eventFields.startsAt.optional(),
      removeImage: flag('removeImage').optional(),
    },
    { error: EVENT_MESSAGES.bodyObject },
  )
  .superRefine(endNotBeforeStart(EVENT_MESSAGES.endBeforeStart));
export type UpdateEventInput = z.output<typeof UpdateEventSchema>;

export const BulkDeleteEventsSchema = z.object({ eventIds: idList(EVENT_MESSAGES.idsRequired) }, { error: EVENT_MESSAGES.idsRequired });

/** GET /api/events: upcoming (not yet over) by default, soonest first; past ones latest first. */
export const ListEventsQuery = listQuery(20).extend({
  when: whenParam('upcoming'),
  category: enumParam(EVENT_CATEGORIES, CATEGORY_MESSAGE),
  search: searchParam,
  isActive: boolParam('isActive'),
});
export type ListEventsQueryInput = z.output<typeof ListEventsQuery>;
