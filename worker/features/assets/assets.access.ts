import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** The gallery reads are public; every write and the stats are admin-capable only. */
export const assetsAccess: AccessTable = {
  'GET /api/assets': 'public',
  'POST /api/assets': ADMIN_CAPABLE,
  'GET /api/assets/stats/summary': ADMIN_CAPABLE,
  'GET /api/assets/type/:mediaType': 'public',
  'POST /api/assets/bulk': ADMIN_CAPABLE,
  'POST /api/assets/bulk-delete': ADMIN_CAPABLE,
  'POST /api/assets/bulk-upload': ADMIN_CAPABLE,
  'POST /api/assets/bulk-json': ADMIN_CAPABLE,
  'GET /api/assets/:id': 'public',
  'PUT /api/assets/:id': ADMIN_CAPABLE,
  'DELETE /api/assets/:id': ADMIN_CAPABLE,
};
