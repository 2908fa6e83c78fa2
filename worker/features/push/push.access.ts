import type { AccessTable } from '#worker/lib/access-rule.ts';

/** The VAPID public key is public by nature; a user reaches only their own subscriptions. */
export const pushAccess: AccessTable = {
  'GET /api/notifications/vapid-key': 'public',
  'POST /api/notifications/push/subscribe': 'user',
  'DELETE /api/notifications/push/unsubscribe': 'user',
  'GET /api/notifications/push/my-subscriptions': 'user',
};
