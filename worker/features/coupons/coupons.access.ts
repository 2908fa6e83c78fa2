import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Anyone may check a code; recording a use needs the order's owner (checked by the service); the rest is the school's. */
export const couponsAccess: AccessTable = {
  'POST /api/coupons/validate': 'public',
  'POST /api/coupons/apply': 'public',
  'POST /api/coupons/record-usage': 'user',
  'GET /api/coupons/code/:code': 'public',
  'POST /api/coupons/course-price': 'public',
  'GET /api/coupons': ADMIN_CAPABLE,
  'POST /api/coupons': ADMIN_CAPABLE,
  'GET /api/coupons/:id/stats': ADMIN_CAPABLE,
  'GET /api/coupons/:id': ADMIN_CAPABLE,
  'PUT /api/coupons/:id': ADMIN_CAPABLE,
  'DELETE /api/coupons/:id': ADMIN_CAPABLE,
};
