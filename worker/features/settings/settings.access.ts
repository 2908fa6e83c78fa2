import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

export const settingsAccess: AccessTable = {
  'GET /api/settings': 'public',
  'PUT /api/settings': ADMIN_CAPABLE,
};
