import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

export const chartsAccess: AccessTable = {
  'GET /api/organizational-chart': 'public',
  'POST /api/organizational-chart': ADMIN_CAPABLE,
  'DELETE /api/organizational-chart/bulk': ADMIN_CAPABLE,
  'GET /api/organizational-chart/:id': 'public',
  'PUT /api/organizational-chart/:id': ADMIN_CAPABLE,
  'DELETE /api/organizational-chart/:id': ADMIN_CAPABLE,
  'PATCH /api/organizational-chart/:id/featured': ADMIN_CAPABLE,
};
