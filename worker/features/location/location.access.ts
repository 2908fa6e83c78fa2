import type { AccessTable } from '#worker/lib/access-rule.ts';

/** The location prompt is for signed-in people; each call locates only the caller. */
export const locationAccess: AccessTable = {
  'GET /api/location/detect': 'user',
  'GET /api/location/reverse': 'user',
  'GET /api/location/ip': 'user',
};
