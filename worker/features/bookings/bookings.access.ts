import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

const STAFF = ['instructor', ...ADMIN_CAPABLE] as const;

/** Anyone signed in may try to book (the service applies who may train); staff lines are narrowed to the session's instructor in the service. */
export const bookingsAccess: AccessTable = {
  'POST /api/sessions/:id/bookings': 'user',
  'GET /api/sessions/:id/bookings': STAFF,
  'DELETE /api/sessions/:id/bookings/me': 'user',
  'DELETE /api/sessions/:id/bookings/:bookingId': STAFF,
  'GET /api/bookings/my': 'user',
};
