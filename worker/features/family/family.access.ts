import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';
import { STAFF_ROLES } from '#worker/lib/progression/student-access.ts';

/**
 * Families (issue 26 §1). Any signed-in account reaches the family calls; the service decides the rest: only
 * students and members add children, a child is managed by its guardians and staff (others 404), the invite's
 * e-mail must be the caller's. Staff read a person's family; admin-capable callers link and unlink.
 */
export const familyAccess: AccessTable = {
  'GET /api/family': 'user',
  'POST /api/family/children': 'user',
  'PATCH /api/family/children/:id': 'user',
  'POST /api/family/children/:id/login': 'user',
  'POST /api/family/invites': 'user',
  'DELETE /api/family/invites/:id': 'user',
  'POST /api/family/invites/accept': 'user',
  'POST /api/family/take-over': 'user',
  'GET /api/users/:id/family': STAFF_ROLES,
  'POST /api/users/:id/family/links': ADMIN_CAPABLE,
  'DELETE /api/users/:id/family/links/:childId': ADMIN_CAPABLE,
  'GET /api/admin/families': ADMIN_CAPABLE,
};
