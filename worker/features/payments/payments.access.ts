import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Payers see and cancel their own payments (ownership checked by the service); the school sees and moves all. */
export const paymentsAccess: AccessTable = {
  'GET /api/payments/currency': 'public',
  'GET /api/payments/methods': 'public',
  'GET /api/payments/user': 'user',
  'GET /api/payments/user/:orderId': 'user',
  'GET /api/payments/status/:id': 'user',
  'POST /api/payments/cancel/:id': 'user',
  'GET /api/payments/all': ADMIN_CAPABLE,
  'PUT /api/payments/status/:id': ADMIN_CAPABLE,
  'POST /api/payments/webhooks/:gateway': 'public',
  'GET /api/payments/:id': 'user',
};
