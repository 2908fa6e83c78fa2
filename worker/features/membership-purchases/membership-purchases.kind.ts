import { MEMBERSHIP_MOVES } from '#core/enrollments/enrollment-status.ts';
import { membershipEnrollments } from '#db/schema/index.ts';
import type { EnrolmentKind } from '#worker/lib/enrolment/kind.ts';
import { cancelStatements, periodStartingNow } from './membership-purchases.sql.ts';

/** A membership purchase as a kind of the enrolment kit (worker/lib/enrolment): its period is the plan's months. */
export const MEMBERSHIP: EnrolmentKind<typeof membershipEnrollments> = {
  name: 'membership',
  table: membershipEnrollments,
  purchaseType: 'membership',
  renewalPurchaseType: 'membership_renewal',
  moves: MEMBERSHIP_MOVES,
  startsPeriod: periodStartingNow,
  onPaid: { paymentDueAt: null },
  cancelStatements,
};
