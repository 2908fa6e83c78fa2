import {
  BulkDeleteSeminarsSchema,
  CreateSeminarSchema,
  ListSeminarsQuery,
  SEMINAR_MESSAGES,
  UpdateSeminarSchema,
} from '#core/catalog/seminar-schemas.ts';
import { catalogRoutes } from '#worker/lib/catalog/routes.ts';
import { getSeminar, listSeminars } from './seminars.read.ts';
import { bulkDeleteSeminars, createSeminar, deleteSeminar, updateSeminar } from './seminars.write.ts';

export const seminarsRoutes = catalogRoutes({
  one: 'seminar',
  many: 'seminars',
  bulkPath: '/bulk',
  schemas: { list: ListSeminarsQuery, create: CreateSeminarSchema, update: UpdateSeminarSchema, bulkDelete: BulkDeleteSeminarsSchema },
  messages: SEMINAR_MESSAGES,
  list: listSeminars,
  get: getSeminar,
  create: createSeminar,
  update: updateSeminar,
  remove: deleteSeminar,
  removeMany: bulkDeleteSeminars,
});
