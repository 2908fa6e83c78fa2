import type { AccessTable } from '../../lib/access-rule.ts';

export const healthAccess: AccessTable = { 'GET /api/health': 'public' };
