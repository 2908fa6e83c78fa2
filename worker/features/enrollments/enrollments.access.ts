import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Who may call each route of `/api/enroll` (ownership is checked by the service: others' ids answer 404). */
export const enrollmentsAccess: AccessTable = {
  'POST /api/enroll': 'user',
  'POST /api/enroll/verify-payment': 'user',
  'GET /api/enroll/my-enrollments': 'user',
  'GET /api/enroll/payment-methods': 'public',
  'GET /api/enroll/admin/all': ADMIN_CAPABLE,
  'DELETE /api/enroll/bulk/delete': ADMIN_CAPABLE,
  'GET /api/enroll/:id': 'user',
  'POST /api/enroll/:id/renew': 'user',
  'PATCH /api/enroll/:id/cancel': 'user',
  'POST /api/enroll/:id/approve': ADMIN_CAPABLE,
  'POST /api/enroll/:id/reject': ADMIN_CAPABLE,
  'DELETE /api/enroll/:id': ADMIN_CAPABLE,
};
