import { newId } from '#core/ids.ts';
import {
  classes,
  courseEnrollments,
  emailOutbox,
  enquiries,
  membershipEnrollments,
  orderItems,
  payments,
  syllabusItems,
  type ClassRow,
  type NewPaymentRow,
} from '#db/schema/index.ts';
import type { CourseEnrollmentRow, MembershipEnrollmentRow } from '#db/schema/enrollments.ts';
import { testDb, uniq } from '#test/helpers.ts';

export const DAY = 86_400_000;

/** A course enrolment row of `userId` (active, paid, $50.00 unless told). */
export const insertCourseEnrollment = (userId: string, extra: Partial<CourseEnrollmentRow> = {}) =>
  testDb()
    .insert(courseEnrollments)
    .values({
      id: newId(),
      userId,
      courseTitle: `Course ${uniq()}`,
      status: 'active',
      paymentStatus: 'paid',
      coursePriceCents: 5000,
      paymentMethod: 'sandbox',
      totalCents: 5000,
      ...extra,
    })
    .returning()
    .get();

/** A membership enrolment row of `userId` (active, paid, ending in 30 days unless told). */
export const insertMembershipEnrollment = (userId: string, extra: Partial<MembershipEnrollmentRow> = {}) =>
  testDb()
    .insert(membershipEnrollments)
    .values({
      id: newId(),
      userId,
      membershipName: `Membership ${uniq()}`,
      planName: 'Monthly',
      durationMonths: 1,
      status: 'active',
      paymentStatus: 'paid',
      planPriceCents: 9000,
      paymentMethod: 'sandbox',
      totalCents: 9000,
      endsAt: new Date(Date.now() + 30 * DAY),
      ...extra,
    })
    .returning()
    .get();

/** A payment of `cents` (succeeded unless told), paid at `paidAt`. */
export const insertPayment = (cents: number, paidAt: Date, extra: Partial<NewPaymentRow> = {}) =>
  testDb()
    .insert(payments)
    .values({
      id: newId(),
      purchaseType: 'order',
      purchaseId: newId(),
      gateway: 'sandbox',
      sessionId: `dash-${newId()}`,
      amountCents: cents,
      currency: 'CAD',
      status: 'succeeded',
      paidAt,
      createdAt: paidAt,
      ...extra,
    })
    .returning()
    .get();

export const insertOrderItem = (orderId: string, quantity: number) =>
  testDb()
    .insert(orderItems)
    .values({
      id: newId(),
      orderId,
      name: 'Gi',
      sku: `SKU-${uniq()}`,
      quantity,
      unitPriceCents: 1000,
      originalUnitPriceCents: 1000,
      gstRateBp: 0,
      totalCents: 1000 * quantity,
    });

export const insertClass = (extra: Partial<ClassRow> = {}) =>
  testDb()
    .insert(classes)
    .values({ id: newId(), title: `Class ${uniq()}`, dayOfWeek: 1, startTime: '18:00', endTime: '19:00', ...extra })
    .returning()
    .get();

export const insertSyllabusItem = (grade: string, gradeRank: number, isActive = true) =>
  testDb()
    .insert(syllabusItems)
    .values({ id: newId(), title: `Kata ${uniq()}`, grade, gradeRank, category: 'kata', isActive });

export const insertEnquiryRow = (status: 'New' | 'Contacted' = 'New', isSpam = false) =>
  testDb()
    .insert(enquiries)
    .values({
      id: newId(),
      name: `Visitor ${uniq()}`,
      email: 'v@example.test',
      phone: '1',
      subject: `Ask ${uniq()}`,
      message: 'Hi',
      status,
      isSpam,
    })
    .returning()
    .get();

export const insertOutbox = (status: 'stored' | 'sent' | 'failed', extra: { error?: string; createdAt?: Date } = {}) =>
  testDb()
    .insert(emailOutbox)
    .values({ id: newId(), to: `o-${uniq()}@example.test`, subject: `Mail ${uniq()}`, text: 'x', status, provider: 'resend', ...extra })
    .returning()
    .get();

/** A random instant in a month of the 1990s (mid-month, noon UTC): nobody else's rows fall in it. */
export function lonelyMonth() {
  const y = 1990 + Math.floor(Math.random() * 9);
  const month = Math.floor(Math.random() * 12);
  return Date.UTC(y, month, 15, 20);
}
