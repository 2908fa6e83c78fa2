import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/**
 * Spec 6: social media is admin-only. The OAuth callback is reached by the platform's redirect, without
 * our bearer token: it is public here and authenticated by its one-time state, bound to the admin who
 * started the flow and to a nonce cookie in their browser.
 */
export const socialAccountsAccess: AccessTable = {
  'GET /api/social-media/accounts': ADMIN_CAPABLE,
  'GET /api/social-media/accounts/stats': ADMIN_CAPABLE,
  'POST /api/social-media/accounts/connect/:platform': ADMIN_CAPABLE,
  'GET /api/social-media/accounts/callback/:platform': 'public',
  'PATCH /api/social-media/accounts/:id/toggle': ADMIN_CAPABLE,
  'POST /api/social-media/accounts/:id/refresh': ADMIN_CAPABLE,
  'DELETE /api/social-media/accounts/:id': ADMIN_CAPABLE,
};
