import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

/**
 * Devices are the school's (admin-capable); the snapshot is for a registered kiosk's token alone; anyone
 * signed in holds their own check-in credentials (the service scopes them to the caller).
 */
export const kioskAccess: AccessTable = {
  'POST /api/kiosk/devices': ADMIN_CAPABLE,
  'GET /api/kiosk/devices': ADMIN_CAPABLE,
  'POST /api/kiosk/devices/:id/revoke': ADMIN_CAPABLE,
  'GET /api/kiosk/snapshot': ['kiosk'],
  'GET /api/attendance/my-qr': 'user',
  'POST /api/attendance/my-qr/rotate': 'user',
  'PUT /api/attendance/my-pin': 'user',
  'DELETE /api/attendance/my-pin': 'user',
};
