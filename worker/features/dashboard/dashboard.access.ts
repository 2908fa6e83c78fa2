import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** One home per panel, for the roles that open that panel (web/pages/panel/panels.ts); each answers only its own figures. */
export const dashboardAccess: AccessTable = {
  'GET /api/dashboard/student': ['student', 'member'],
  'GET /api/dashboard/instructor': ['instructor'],
  'GET /api/dashboard/grand-master': ['grandmaster'],
  'GET /api/dashboard/admin': ADMIN_CAPABLE,
  'GET /api/dashboard/control-panel': ['super-admin', 'admin'],
};
