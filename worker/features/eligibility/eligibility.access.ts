import type { AccessTable } from '#worker/lib/access-rule.ts';
import { STAFF_ROLES } from '#worker/lib/progression/student-access.ts';

/** A person reads their own eligibility (`me`), staff anyone's (checked in the service); the ready list is staff's. */
export const eligibilityAccess: AccessTable = {
  'GET /api/students/:id/eligibility': 'user',
  'GET /api/programs/:slug/ready': STAFF_ROLES,
};
