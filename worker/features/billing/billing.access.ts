import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Every signed-in person keeps their own methods and invoices (ownership, guardianship and staff reads are checked by the service). */
export const billingAccess: AccessTable = {
  'GET /api/billing/methods': 'user',
  'POST /api/billing/methods': 'user',
  'POST /api/billing/methods/:id/complete': 'user',
  'POST /api/billing/methods/:id/default': 'user',
  'DELETE /api/billing/methods/:id': 'user',
  'PATCH /api/billing/memberships/:enrollmentId/autopay': 'user',
  'GET /api/billing/upcoming': 'user',
  'GET /api/billing/invoices': 'user',
  'GET /api/billing/invoices/:id': 'user',
  'GET /api/billing/invoices/:id/receipt': 'user',
  'POST /api/billing/invoices/:id/pay': 'user',
};
