import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Everyone signed in talks to the school about their own messages (the services scope each query); the rest is the school's (spec 6). */
export const messagesAccess: AccessTable = {
  'POST /api/messages/send': 'user',
  'POST /api/messages/admin/reply': ADMIN_CAPABLE,
  'POST /api/messages/admin/broadcast': ADMIN_CAPABLE,
  'PATCH /api/messages/mark-read': 'user',
  'GET /api/messages/conversation': 'user',
  'GET /api/messages/my-messages': 'user',
  'GET /api/messages/unread-count': 'user',
  'GET /api/messages': ADMIN_CAPABLE,
  'GET /api/messages/users': ADMIN_CAPABLE,
  'GET /api/messages/stats': ADMIN_CAPABLE,
  'DELETE /api/messages/bulk': ADMIN_CAPABLE,
  'PATCH /api/messages/bulk-read': ADMIN_CAPABLE,
  'GET /api/messages/:id': 'user',
};
