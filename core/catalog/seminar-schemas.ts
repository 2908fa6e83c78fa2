import { z } from 'zod';
import { endNotBeforeStart } from './event-schemas.ts';
import {
  currencyCode,
  flag,
  idList,
  isoDateTime,
  moneyCents,
  optionalIsoDateTime,
  optionalText,
  optionalWholeNumber,
  requiredText,
} from '#core/fields.ts';
import { boolParam, listQuery, searchParam, whenParam } from './query.ts';

export const SEMINAR_MESSAGES = {
  bodyObject: 'Request body must be an object',
  notFound: 'Seminar not found',
  idsRequired: 'Seminar IDs array is required',
  endBeforeStart: 'End date must be on or after the start date',
  nothingToUpdate: 'Nothing to update',
  created: 'Seminar created successfully',
  updated: 'Seminar updated successfully',
  deleted: 'Seminar deleted successfully',
} as const;

const seminarFields = {
  title: requiredText('Title', 200),
  description: optionalText('Description', 10_000),
  instructor: optionalText('Instructor', 120),
  startsAt: isoDateTime('Start date'),
  endsAt: optionalIsoDateTime('End date'),
  location: optionalText('Location', 300),
  price: moneyCents('Price').optional(),
  currency: currencyCode.optional(),
  capacity: optionalWholeNumber('Capacity', 1, 100_000),
  isActive: flag('isActive').optional(),
};

export const CreateSeminarSchema = z
  .object(seminarFields, { error: SEMINAR_MESSAGES.bodyObject })
  .superRefine(endNotBeforeStart(SEMINAR_MESSAGES.endBeforeStart));
export type CreateSeminarInput = z.output<typeof CreateSeminarSchema>;

export const UpdateSeminarSchema = z
  .object(
    {
      ...seminarFields,
      title: seminarFields.title.optional(),
      startsAt: seminarFields.startsAt.optional(),
      removeImage: flag('removeImage').optional(),
    },
    { error: SEMINAR_MESSAGES.bodyObject },
  )
  .superRefine(endNotBeforeStart(SEMINAR_MESSAGES.endBeforeStart));
export type UpdateSeminarInput = z.output<typeof UpdateSeminarSchema>;

export const BulkDeleteSeminarsSchema = z.object(
  { seminarIds: idList(SEMINAR_MESSAGES.idsRequired) },
  { error: SEMINAR_MESSAGES.idsRequired },
);

/** GET /api/seminars: everything by default, upcoming first (soonest first), then past ones (latest first). */
export const ListSeminarsQuery = listQuery(20).extend({
  when: whenParam('all'),
  search: searchParam,
  isActive: boolParam('isActive'),
});
export type ListSeminarsQueryInput = z.output<typeof ListSeminarsQuery>;
