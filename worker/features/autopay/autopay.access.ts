import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** The school's billing (issue 26): admin-capable only. */
export const autopayAccess: AccessTable = {
  'GET /api/admin/billing/summary': ADMIN_CAPABLE,
  'GET /api/admin/billing/invoices': ADMIN_CAPABLE,
  'POST /api/admin/billing/invoices/:id/retry': ADMIN_CAPABLE,
};
