import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Dated sessions (issue 24 §1): the list and one session are public (a signed-in caller also sees their booking); writes are admin-capable. */
export const sessionsAccess: AccessTable = {
  'GET /api/sessions': 'public',
  'GET /api/sessions/:id': 'public',
  'POST /api/sessions': ADMIN_CAPABLE,
  'POST /api/sessions/generate': ADMIN_CAPABLE,
  'PATCH /api/sessions/:id': ADMIN_CAPABLE,
  'POST /api/sessions/:id/cancel': ADMIN_CAPABLE,
};
