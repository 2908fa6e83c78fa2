import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Reads are public (admins with a token also see inactive seminars); writes are admin-capable. */
export const seminarsAccess: AccessTable = {
  'GET /api/seminars': 'public',
  'POST /api/seminars': ADMIN_CAPABLE,
  'DELETE /api/seminars/bulk': ADMIN_CAPABLE,
  'GET /api/seminars/:id': 'public',
  'PUT /api/seminars/:id': ADMIN_CAPABLE,
  'DELETE /api/seminars/:id': ADMIN_CAPABLE,
};
