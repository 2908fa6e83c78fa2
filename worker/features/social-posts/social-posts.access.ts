import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Spec 6: social media is admin-only (admin-capable here, like every admin-only feature). */
export const socialPostsAccess: AccessTable = {
  'POST /api/social-media/posts': ADMIN_CAPABLE,
  'GET /api/social-media/posts': ADMIN_CAPABLE,
  'GET /api/social-media/posts/:id': ADMIN_CAPABLE,
  'DELETE /api/social-media/posts/:id': ADMIN_CAPABLE,
  'POST /api/social-media/posts/:id/retry': ADMIN_CAPABLE,
  'GET /api/social-media/dashboard/stats': ADMIN_CAPABLE,
  'GET /api/social-media/local-log': ADMIN_CAPABLE,
};
