import type { AccessTable } from '../../lib/access-rule.ts';

export const filesAccess: AccessTable = { 'GET /api/files/*': 'public' };
