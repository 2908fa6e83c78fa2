import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/**
 * The whole log is the super-admin's: it watches the admin-capable accounts, admins among them, so an
 * admin does not read the record of other admins (nor of the super-admin). A user's own entries are
 * read on their page by whoever may manage them (the service checks the reach).
 */
export const auditAccess: AccessTable = {
  'GET /api/audit-log': ['super-admin'],
  'GET /api/audit-log/users/:id': ADMIN_CAPABLE,
};
