import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Published uploads are public reading; every write is admin-capable. */
export const fileUploadsAccess: AccessTable = {
  'GET /api/file-uploads': 'public',
  'POST /api/file-uploads': ADMIN_CAPABLE,
  'DELETE /api/file-uploads': ADMIN_CAPABLE,
  'GET /api/file-uploads/:id': 'public',
  'PUT /api/file-uploads/:id': ADMIN_CAPABLE,
  'DELETE /api/file-uploads/:id': ADMIN_CAPABLE,
};
