import type { Role } from '#core/roles.ts';

/**
 * Who may call a route: anyone ('public'), any signed-in active user ('user'), or only the roles
 * listed, where 'kiosk' admits a registered check-in device's token (issue 24 §4; it may call nothing
 * else, not even public routes). Ownership (a user's own records) is checked by the feature's service on top of this.
 */
export type AccessRule = 'public' | 'user' | readonly (Role | 'kiosk')[];

/** `METHOD /api/path` (Hono pattern, e.g. `GET /api/users/:id`) → rule. */
export type AccessTable = Record<string, AccessRule>;
