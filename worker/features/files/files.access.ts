import type { AccessTable } from '#worker/lib/access-rule.ts';

export const filesAccess: AccessTable = { 'GET /api/files/*': 'public' };
