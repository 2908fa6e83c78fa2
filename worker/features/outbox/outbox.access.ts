import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

export const outboxAccess: AccessTable = {
  'GET /api/admin/outbox': ADMIN_CAPABLE,
  'GET /api/admin/outbox/:id': ADMIN_CAPABLE,
};
