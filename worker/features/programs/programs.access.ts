import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Programs and their ladders (issue 25 §1): any signed-in user reads them; admin-capable callers write. */
export const programsAccess: AccessTable = {
  'GET /api/programs': 'user',
  'POST /api/programs': ADMIN_CAPABLE,
  'GET /api/programs/:slug': 'user',
  'PATCH /api/programs/:slug': ADMIN_CAPABLE,
  'DELETE /api/programs/:slug': ADMIN_CAPABLE,
  'GET /api/programs/:slug/ranks': 'user',
  'POST /api/programs/:slug/ranks': ADMIN_CAPABLE,
  'POST /api/programs/:slug/ranks/reorder': ADMIN_CAPABLE,
  'PATCH /api/programs/:slug/ranks/:rankId': ADMIN_CAPABLE,
  'DELETE /api/programs/:slug/ranks/:rankId': ADMIN_CAPABLE,
  'PUT /api/programs/:slug/ranks/:rankId/requirements': ADMIN_CAPABLE,
  'PUT /api/programs/:slug/ranks/:rankId/techniques': ADMIN_CAPABLE,
};
