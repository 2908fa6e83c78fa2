import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Only the school writes to its users. */
export const adminEmailAccess: AccessTable = {
  'POST /api/admin/email/users': ADMIN_CAPABLE,
  'POST /api/admin/email/send': ADMIN_CAPABLE,
  'POST /api/admin/email/send-bulk': ADMIN_CAPABLE,
};
