import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Who may call each route of `/api/enroll` (ownership is checked by the service). */
export const enrollmentsAccess: AccessTable = {};
