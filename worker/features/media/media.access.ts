import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

export const mediaAccess: AccessTable = {
  'GET /api/media/:ownerId': 'public',
  'POST /api/media/:ownerId': ADMIN_CAPABLE,
  'DELETE /api/media/:ownerId/:mediaId': ADMIN_CAPABLE,
};
