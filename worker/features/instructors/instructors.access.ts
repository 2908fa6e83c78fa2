import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/**
 * Who may call each route of `/api/instructors` (ownership is checked by the service). Students and
 * members apply; the owner reads and cancels their own; the school decides.
 */
export const instructorsAccess: AccessTable = {
  'POST /api/instructors': ['student', 'member'],
  'GET /api/instructors/my-enrollments': 'user',
  'GET /api/instructors/type/:type': 'public',
  'GET /api/instructors/admin/all': ADMIN_CAPABLE,
  'GET /api/instructors/:id': 'user',
  'GET /api/instructors/:id/documents/:index': 'user',
  'PATCH /api/instructors/:id/cancel': 'user',
  'POST /api/instructors/:id/approve': ADMIN_CAPABLE,
  'POST /api/instructors/:id/reject': ADMIN_CAPABLE,
  'POST /api/instructors/:id/suspend': ADMIN_CAPABLE,
  'POST /api/instructors/:id/reactivate': ADMIN_CAPABLE,
  'POST /api/instructors/:id/complete': ADMIN_CAPABLE,
  'DELETE /api/instructors/:id': ADMIN_CAPABLE,
};
