import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

const P = '/api/purchase-membership';

/** Who may call each route of `/api/purchase-membership` (ownership is checked by the service: others' ids are 404). */
export const membershipPurchasesAccess: AccessTable = {
  [`GET ${P}/public-members`]: 'public',
  [`GET ${P}/payment-methods`]: 'public',
  [`POST ${P}/validate-coupon`]: 'public',
  [`POST ${P}`]: 'user',
  [`POST ${P}/verify-payment`]: 'user',
  [`GET ${P}/my-enrollments`]: 'user',
  [`GET ${P}/admin/all`]: ADMIN_CAPABLE,
  [`DELETE ${P}/bulk/delete`]: ADMIN_CAPABLE,
  [`GET ${P}/:id`]: 'user',
  [`GET ${P}/:id/documents/:index`]: 'user',
  [`POST ${P}/:id/renew`]: 'user',
  [`POST ${P}/:id/pay`]: 'user',
  [`PATCH ${P}/:id/cancel`]: 'user',
  [`POST ${P}/:id/approve`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/reject`]: ADMIN_CAPABLE,
  [`DELETE ${P}/:id`]: ADMIN_CAPABLE,
};
