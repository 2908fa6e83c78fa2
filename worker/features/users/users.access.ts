import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Admin-capable roles for everything, except PATCH /:id which a user may call on their own record (service rule), and the session check any page may make with its token. */
export const usersAccess: AccessTable = {
  'GET /api/users': ADMIN_CAPABLE,
  'POST /api/users': ADMIN_CAPABLE,
  'DELETE /api/users': ADMIN_CAPABLE,
  'PATCH /api/users/bulk': ADMIN_CAPABLE,
  'GET /api/users/session-status': 'public',
  'GET /api/users/search': ADMIN_CAPABLE,
  'GET /api/users/role/:role': ADMIN_CAPABLE,
  'GET /api/users/studentId/:id': ADMIN_CAPABLE,
  'GET /api/users/:id': ADMIN_CAPABLE,
  'GET /api/users/:id/overview': ADMIN_CAPABLE,
  'POST /api/users/:id/password-reset': ADMIN_CAPABLE,
  'POST /api/users/:id/end-sessions': ADMIN_CAPABLE,
  'PATCH /api/users/:id': 'user',
  'DELETE /api/users/:id': ADMIN_CAPABLE,
  'PATCH /api/users/:id/block': ADMIN_CAPABLE,
  'PATCH /api/users/:id/unblock': ADMIN_CAPABLE,
};
