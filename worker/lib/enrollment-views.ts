/** What the three enrolment features serialise alike: who an enrolment belongs to, and a renewal. */
import type { EnrollmentRenewalView, EnrollmentUserView } from '#core/enrollments/views.ts';
import { fromCents } from '#core/money.ts';
import { profileName } from '#core/users/person-name.ts';
import { users, type EnrollmentRenewalRow, type UserRow } from '#db/schema/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type EnrollmentOwner = Pick<UserRow, 'id' | 'email' | 'role' | 'studentId' | 'membershipId' | 'profile'>;

/** The owner's columns an enrolment view is read with (joined in the same select). */
export const ownerColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  studentId: users.studentId,
  membershipId: users.membershipId,
  profile: users.profile,
};

export const enrollmentUser = (u: EnrollmentOwner): EnrollmentUserView => ({
  _id: u.id,
  name: profileName(u.profile, u.email),
  email: u.email,
  role: u.role,
  studentId: u.studentId ?? null,
  membershipId: u.membershipId ?? null,
});

export function serializeRenewal(row: EnrollmentRenewalRow): EnrollmentRenewalView {
  return {
    _id: row.id,
    kind: row.kind,
    enrollmentId: row.enrollmentId,
    status: row.status,
    paymentMethod: row.paymentMethod,
    price: fromCents(row.priceCents),
    discountAmount: fromCents(row.discountCents),
    couponDiscount: fromCents(row.couponDiscountCents),
    gstAmount: fromCents(row.gstCents),
    totalAmount: fromCents(row.totalCents),
    couponCode: row.couponCode,
    periodStartsAt: iso(row.periodStartsAt),
    periodEndsAt: iso(row.periodEndsAt),
    paymentDueAt: row.paymentDueAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
