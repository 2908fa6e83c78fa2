import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Lists and PDFs: the holder or staff (checked in the service; anyone else 404). Revocation: admin-capable. The verify page is public. */
export const certificatesAccess: AccessTable = {
  'GET /api/certificates': 'user',
  'GET /api/certificates/:id': 'user',
  'GET /api/certificates/:id/pdf': 'user',
  'POST /api/certificates/:id/revoke': ADMIN_CAPABLE,
};
