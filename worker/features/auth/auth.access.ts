import type { AccessTable } from '../../lib/access-rule.ts';

export const authAccess: AccessTable = {};
