import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** The school's attendance reports name every member: the admin-capable accounts only. */
export const attendanceReportsAccess: AccessTable = {
  'GET /api/attendance/reports': ADMIN_CAPABLE,
  'GET /api/attendance/reports.csv': ADMIN_CAPABLE,
};
