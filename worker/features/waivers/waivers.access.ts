import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Reading and signing: anyone signed in (whom for is checked in the service); writing and the admin lists: admin-capable. */
export const waiversAccess: AccessTable = {
  'GET /api/waivers': 'user',
  'POST /api/waivers': ADMIN_CAPABLE,
  'GET /api/waivers/status': 'user',
  'GET /api/waivers/signatures/:id/pdf': 'user',
  'GET /api/waivers/:documentId': 'user',
  'PUT /api/waivers/:documentId': ADMIN_CAPABLE,
  'GET /api/waivers/:documentId/versions': ADMIN_CAPABLE,
  'POST /api/waivers/:documentId/sign': 'user',
  'GET /api/waivers/:documentId/signatures': ADMIN_CAPABLE,
  'POST /api/waivers/:documentId/reminders': ADMIN_CAPABLE,
};
