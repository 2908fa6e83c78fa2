import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

export const uploadAccess: AccessTable = {
  'POST /api/upload/single': ADMIN_CAPABLE,
  'POST /api/upload/multiple': ADMIN_CAPABLE,
};
