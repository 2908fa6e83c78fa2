import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** The timetable is public (admins with a token also see inactive classes); writes are admin-capable. */
export const classesAccess: AccessTable = {
  'GET /api/classes': 'public',
  'POST /api/classes': ADMIN_CAPABLE,
  'PUT /api/classes/:id': ADMIN_CAPABLE,
  'DELETE /api/classes/:id': ADMIN_CAPABLE,
};
