import { GRADING_STAFF } from '#core/gradings/grading-schemas.ts';
import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { AccessTable } from '#worker/lib/access-rule.ts';

const P = '/api/gradings';

/** Issue 25 §5 (API-25 "Slice gradings"). Visibility, ownership and examiner checks are the service's. */
export const gradingsAccess: AccessTable = {
  [`GET ${P}`]: 'user',
  [`POST ${P}`]: ADMIN_CAPABLE,
  [`GET ${P}/:id`]: 'user',
  [`PATCH ${P}/:id`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/open`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/lock`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/reopen`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/start-scoring`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/cancel`]: ADMIN_CAPABLE,
  [`PUT ${P}/:id/examiners`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/examiners/me/confirm`]: GRADING_STAFF,
  [`GET ${P}/:id/candidates`]: GRADING_STAFF,
  [`POST ${P}/:id/candidates`]: ADMIN_CAPABLE,
  [`DELETE ${P}/:id/candidates/:cid`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/register`]: 'user',
  [`POST ${P}/:id/candidates/:cid/pay`]: 'user',
  [`POST ${P}/:id/candidates/:cid/verify-payment`]: 'user',
  [`POST ${P}/:id/candidates/:cid/waive`]: ADMIN_CAPABLE,
  [`POST ${P}/:id/candidates/:cid/attendance`]: GRADING_STAFF,
};
