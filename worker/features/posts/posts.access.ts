import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Published posts are public; drafts only reach admin-capable callers; every write is admin-capable. */
export const postsAccess: AccessTable = {
  'GET /api/posts': 'public',
  'POST /api/posts': ADMIN_CAPABLE,
  'DELETE /api/posts': ADMIN_CAPABLE,
  'GET /api/posts/:id': 'public',
  'PUT /api/posts/:id': ADMIN_CAPABLE,
  'DELETE /api/posts/:id': ADMIN_CAPABLE,
};
