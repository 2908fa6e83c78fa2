import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Any signed-in user orders and handles their own orders (ownership checked by the service); the school handles all. */
export const ordersAccess: AccessTable = {
  'POST /api/orders': 'user',
  'POST /api/orders/verify-payment': 'user',
  'GET /api/orders/my-orders': 'user',
  'GET /api/orders/admin/all': ADMIN_CAPABLE,
  'DELETE /api/orders/bulk/delete': ADMIN_CAPABLE,
  'GET /api/orders/:id': 'user',
  'POST /api/orders/:id/pay': 'user',
  'PATCH /api/orders/:id/cancel': 'user',
  'PATCH /api/orders/:id/status': ADMIN_CAPABLE,
  'DELETE /api/orders/:id': ADMIN_CAPABLE,
};
