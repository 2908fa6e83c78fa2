import type { AccessTable } from '../../lib/access-rule.ts';

export const usersAccess: AccessTable = {};
