import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/**
 * Spec 6: creating, sharing, changing status and deleting meetings are admin-only (admin-capable
 * here, as for every admin-only feature); editing goes with them. Reading and joining are for any
 * signed-in user, narrowed to the meetings they may see by the service.
 */
export const meetingsAccess: AccessTable = {
  'POST /api/zoom-meetings': ADMIN_CAPABLE,
  'GET /api/zoom-meetings': 'user',
  'POST /api/zoom-meetings/share': ADMIN_CAPABLE,
  'GET /api/zoom-meetings/provider': ADMIN_CAPABLE,
  'GET /api/zoom-meetings/:id': 'user',
  'PATCH /api/zoom-meetings/:id': ADMIN_CAPABLE,
  'DELETE /api/zoom-meetings/:id': ADMIN_CAPABLE,
  'PATCH /api/zoom-meetings/:id/status': ADMIN_CAPABLE,
  'POST /api/zoom-meetings/:id/join': 'user',
};
