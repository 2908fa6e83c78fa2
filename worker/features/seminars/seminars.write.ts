import { type CreateSeminarInput, SEMINAR_MESSAGES, type UpdateSeminarInput } from '#core/catalog/seminar-schemas.ts';
import type { SeminarDto } from '#core/catalog/types.ts';
import { seminars } from '#db/schema/index.ts';
import { datedWrites } from '#worker/lib/catalog/dated-write.ts';
import { serializeSeminar } from './seminars.serialize.ts';

const writes = datedWrites<typeof seminars, CreateSeminarInput, UpdateSeminarInput, SeminarDto>({
  table: seminars,
  prefix: 'seminars',
  messages: SEMINAR_MESSAGES,
  dbErrors: {
    checks: { seminars_end_after_start: SEMINAR_MESSAGES.endBeforeStart, seminars_price_nonnegative: 'Price must be 0 or more' },
  },
  serialize: serializeSeminar,
  renames: { price: 'priceCents' },
});

/** POST /api/seminars, PUT /api/seminars/:id: the same date rules as events. */
export const createSeminar = writes.create;
export const updateSeminar = writes.update;
export const deleteSeminar = writes.remove;
export const bulkDeleteSeminars = writes.removeMany;
