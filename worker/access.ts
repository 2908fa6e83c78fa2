import type { AccessTable } from './lib/access-rule.ts';
import { authAccess } from './features/auth/auth.access.ts';
import { filesAccess } from './features/files/files.access.ts';
import { healthAccess } from './features/health/health.access.ts';
import { outboxAccess } from './features/outbox/outbox.access.ts';
import { usersAccess } from './features/users/users.access.ts';

/** Every /api route and who may call it. createApp() refuses to start if a route is missing here. */
export const ACCESS: AccessTable = { ...healthAccess, ...authAccess, ...usersAccess, ...outboxAccess, ...filesAccess };
