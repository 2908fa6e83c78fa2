import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Reads are public (admins with a token also see inactive events); writes are admin-capable. */
export const eventsAccess: AccessTable = {
  'GET /api/events': 'public',
  'POST /api/events': ADMIN_CAPABLE,
  'DELETE /api/events': ADMIN_CAPABLE,
  'GET /api/events/:id': 'public',
  'PUT /api/events/:id': ADMIN_CAPABLE,
  'DELETE /api/events/:id': ADMIN_CAPABLE,
};
