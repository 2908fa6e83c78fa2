import type { AccessTable } from '#worker/lib/access-rule.ts';

export const healthAccess: AccessTable = { 'GET /api/health': 'public' };
