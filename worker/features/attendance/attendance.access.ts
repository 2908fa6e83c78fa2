import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

const STAFF = ['instructor', ...ADMIN_CAPABLE] as const;

/**
 * Staff write the ledger and read rosters and history (instructors only for the sessions they teach: a
 * service rule); each person reads their own attendance, the school anyone's.
 */
export const attendanceAccess: AccessTable = {
  'POST /api/attendance/events': STAFF,
  'GET /api/attendance/people': STAFF,
  'GET /api/attendance/history': STAFF,
  'GET /api/attendance/my': 'user',
  'GET /api/sessions/:id/roster': STAFF,
  'GET /api/users/:id/attendance': ADMIN_CAPABLE,
};
