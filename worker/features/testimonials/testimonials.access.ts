import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Public reads show active testimonials only (admins see all); writes are admin-capable. */
export const testimonialsAccess: AccessTable = {
  'GET /api/testimonials': 'public',
  'POST /api/testimonials': ADMIN_CAPABLE,
  'POST /api/testimonials/bulk-delete': ADMIN_CAPABLE,
  'GET /api/testimonials/:id': 'public',
  'PUT /api/testimonials/:id': ADMIN_CAPABLE,
  'DELETE /api/testimonials/:id': ADMIN_CAPABLE,
};
