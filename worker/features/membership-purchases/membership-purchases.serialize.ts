import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { MEMBERSHIP_MOVES } from '#core/enrollments/enrollment-status.ts';
import type { MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { enrollmentUser, type EnrollmentOwner } from '#worker/lib/enrollment-views.ts';
import { fromCents } from '#core/money.ts';
import { daysLeft } from '#core/time-zone.ts';
import type { MembershipEnrollmentRow } from '#db/schema/index.ts';
import { documentViews } from '#worker/lib/enrollment-documents.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const among = (list: readonly string[], status: string) => list.includes(status);

export const documentUrl = (enrollmentId: string, index: number) =>
  `/api/purchase-membership/${encodeURIComponent(enrollmentId)}/documents/${index}`;

/** What the serializer reads beside the row: the school's zone (days left) and whether an automatic renewal is being charged. */
export type MembershipContext = { zone: string; charging: boolean };

export function serializeMembershipEnrollment(
  row: MembershipEnrollmentRow,
  owner: EnrollmentOwner,
  { zone, charging }: MembershipContext,
  now = Date.now(),
): MembershipEnrollmentView {
  const unpaid = row.paymentStatus === 'pending' && (row.status === 'pending_approval' || row.status === 'approved');
  return {
    _id: row.id,
    user: enrollmentUser(owner),
    membership: { _id: row.membershipId, name: row.membershipName },
    plan: { _id: row.planId, name: row.planName, durationMonths: row.durationMonths },
    enrollmentStatus: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    currency: MEMBERSHIP_CURRENCY.code,
    currencySymbol: MEMBERSHIP_CURRENCY.symbol,
    planPrice: fromCents(row.planPriceCents),
    discountAmount: fromCents(row.discountCents),
    couponDiscount: fromCents(row.couponDiscountCents),
    gstAmount: fromCents(row.gstCents),
    totalAmount: fromCents(row.totalCents),
    couponCode: row.couponCode,
    notes: row.notes,
    documents: documentViews({ kind: 'membership', id: row.id }, row.documents, (i) => documentUrl(row.id, i)),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    daysLeft: row.startsAt ? daysLeft(row.endsAt, now, zone) : null,
    autopay: row.autopay,
    autopayCharging: charging,
    approvedAt: iso(row.approvedAt),
    approvalNotes: row.approvalNotes,
    cancelReason: row.cancelReason,
    cancelledAt: iso(row.cancelledAt),
    paidAt: iso(row.paidAt),
    paymentDueAt: iso(row.paymentDueAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canPay: unpaid,
    canCancel: among(MEMBERSHIP_MOVES.userCancel, row.status),
    canRenew: among(MEMBERSHIP_MOVES.renew, row.status) && row.paymentStatus !== 'pending' && !charging,
  };
}
