import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Anyone may send an enquiry; reading and handling them is for admin-capable roles. */
export const enquiriesAccess: AccessTable = {
  'POST /api/enquiries': 'public',
  'GET /api/enquiries': ADMIN_CAPABLE,
  'DELETE /api/enquiries': ADMIN_CAPABLE,
  'GET /api/enquiries/stats': ADMIN_CAPABLE,
  'GET /api/enquiries/recent': ADMIN_CAPABLE,
  'GET /api/enquiries/new': ADMIN_CAPABLE,
  'GET /api/enquiries/unresolved': ADMIN_CAPABLE,
  'GET /api/enquiries/:id': ADMIN_CAPABLE,
  'PUT /api/enquiries/:id': ADMIN_CAPABLE,
  'DELETE /api/enquiries/:id': ADMIN_CAPABLE,
  'PATCH /api/enquiries/:id/contacted': ADMIN_CAPABLE,
  'PATCH /api/enquiries/:id/resolved': ADMIN_CAPABLE,
};
