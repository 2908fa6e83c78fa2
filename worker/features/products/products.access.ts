import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Reads are public (admins with a token also see inactive products); every write is admin-capable. */
export const productsAccess: AccessTable = {
  'GET /api/products': 'public',
  'GET /api/products/:id': 'public',
  'POST /api/products': ADMIN_CAPABLE,
  'DELETE /api/products': ADMIN_CAPABLE,
  'PUT /api/products/:id': ADMIN_CAPABLE,
  'DELETE /api/products/:id': ADMIN_CAPABLE,
};
