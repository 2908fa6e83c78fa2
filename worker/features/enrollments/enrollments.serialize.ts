import { COURSE_MOVES, type CourseEnrollmentStatus } from '#core/enrollments/enrollment-status.ts';
import type { CourseEnrollmentView } from '#core/enrollments/views.ts';
import { enrollmentUser, type EnrollmentOwner } from '#worker/lib/enrollment-views.ts';
import { fromCents } from '#core/money.ts';
import type { CourseEnrollmentRow, CourseRow } from '#db/schema/index.ts';
import { fileUrl } from '#worker/lib/public-files.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const within = (list: readonly CourseEnrollmentStatus[], s: CourseEnrollmentStatus) => list.includes(s);

export type EnrollmentCourse = Pick<CourseRow, 'id' | 'title' | 'slug' | 'image' | 'durationWeeks'>;

/** Spec 3 course enrolment; the actions say what the owner may do next (the server decides again on each call). */
export function serializeCourseEnrollment(
  row: CourseEnrollmentRow,
  user: EnrollmentOwner,
  course: EnrollmentCourse | null,
): CourseEnrollmentView {
  return {
    _id: row.id,
    user: enrollmentUser(user),
    course: {
      _id: course?.id ?? row.courseId,
      title: course?.title ?? row.courseTitle,
      slug: course?.slug ?? null,
      image: fileUrl(course?.image),
      durationWeeks: course?.durationWeeks ?? null,
    },
    enrollmentStatus: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    currency: row.currency,
    coursePrice: fromCents(row.coursePriceCents),
    discountAmount: fromCents(row.discountCents),
    gstAmount: fromCents(row.gstCents),
    totalAmount: fromCents(row.totalCents),
    couponCode: row.couponCode,
    notes: row.notes,
    approvedAt: iso(row.approvedAt),
    approvalNotes: row.approvalNotes,
    cancelReason: row.cancelReason,
    cancelledAt: iso(row.cancelledAt),
    paidAt: iso(row.paidAt),
    termEndsAt: iso(row.termEndsAt),
    paymentDueAt: iso(row.paymentDueAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canPay: row.paymentStatus === 'pending' && row.status !== 'cancelled',
    canCancel: within(COURSE_MOVES.userCancel, row.status),
    canRenew: within(COURSE_MOVES.renew, row.status) && course?.durationWeeks != null,
  };
}
