import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Reads are public (admins with a token also see inactive memberships and plans); every write is admin-capable. */
export const membershipsAccess: AccessTable = {
  'GET /api/memberships': 'public',
  'GET /api/memberships/admin': ADMIN_CAPABLE,
  'GET /api/memberships/:id': 'public',
  'POST /api/memberships': ADMIN_CAPABLE,
  'DELETE /api/memberships': ADMIN_CAPABLE,
  'PUT /api/memberships/:id': ADMIN_CAPABLE,
  'DELETE /api/memberships/:id': ADMIN_CAPABLE,
  'PATCH /api/memberships/:id/toggle-status': ADMIN_CAPABLE,
};
