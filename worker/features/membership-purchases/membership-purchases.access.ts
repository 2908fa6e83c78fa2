import type { AccessTable } from '#worker/lib/access-rule.ts';

/** Who may call each route of `/api/purchase-membership` (ownership is checked by the service). */
export const membershipPurchasesAccess: AccessTable = {};
