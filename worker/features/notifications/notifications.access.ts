import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Every signed-in user has notifications; the services scope every call to the caller's own rows. */
export const notificationsAccess: AccessTable = {
  'GET /api/notifications/my': 'user',
  'GET /api/notifications/unread-count': 'user',
  'GET /api/notifications/my-stats': 'user',
  'GET /api/notifications/preferences': 'user',
  'PUT /api/notifications/preferences': 'user',
  'PATCH /api/notifications/mark-all-read': 'user',
  'PATCH /api/notifications/:id/read': 'user',
  'PATCH /api/notifications/:id/clicked': 'user',
  'DELETE /api/notifications/:id': 'user',
};
