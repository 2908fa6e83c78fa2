import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';
import { STAFF_ROLES } from '#worker/lib/progression/student-access.ts';

/**
 * The rank ledger: a person reads their own (`me`), staff anyone's (checked in the service); promotions,
 * stripes, voids, imports and credits are the admin-capable's; technique checks and approvals any staff's.
 */
export const ranksAccess: AccessTable = {
  'GET /api/students/:id/ranks': 'user',
  'POST /api/students/:id/ranks': ADMIN_CAPABLE,
  'POST /api/students/:id/stripes': ADMIN_CAPABLE,
  'POST /api/student-ranks/:id/void': ADMIN_CAPABLE,
  'POST /api/ranks/import': ADMIN_CAPABLE,
  'GET /api/students/:id/attendance-credits': 'user',
  'POST /api/students/:id/attendance-credits': ADMIN_CAPABLE,
  'PUT /api/students/:id/techniques/:techniqueId': STAFF_ROLES,
  'PUT /api/students/:id/grading-approval': STAFF_ROLES,
};
