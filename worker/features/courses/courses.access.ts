import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Reads are public (admins with a token also see inactive courses); every write is admin-capable. */
export const coursesAccess: AccessTable = {
  'GET /api/courses': 'public',
  'GET /api/courses/admin': ADMIN_CAPABLE,
  'GET /api/courses/featured': 'public',
  'GET /api/courses/:id': 'public',
  'POST /api/courses': ADMIN_CAPABLE,
  'DELETE /api/courses': ADMIN_CAPABLE,
  'PUT /api/courses/:id': ADMIN_CAPABLE,
  'DELETE /api/courses/:id': ADMIN_CAPABLE,
  'PATCH /api/courses/:id/toggle-status': ADMIN_CAPABLE,
};
