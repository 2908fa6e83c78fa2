import { eq } from 'drizzle-orm';
import { courseTotals } from '#core/enrollments/course-pricing.ts';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import type { EnrollmentTotals } from '#core/enrollments/pricing.ts';
import { isPayableCents } from '#core/shop/currency.ts';
import { coupons, courses, type CouponRow, type CourseRow } from '#db/schema/index.ts';
import { usableCoupon } from '#worker/lib/coupon-uses.ts';
import { badRequest, notFound } from '#worker/lib/errors.ts';
import { PAYMENT_MESSAGES } from '#worker/lib/payments/records.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { coursePriceCents } from '#core/enrollments/pricing.ts';

export type PricedCourse = { course: CourseRow; totals: EnrollmentTotals; coupon: CouponRow | null };

/** The course (404 unknown, 400 inactive) and the coupon row for a code, in one round trip. */
async function courseAndCoupon(ctx: ServiceCtx, courseId: string, couponCode: string | undefined) {
  const [found, couponRows] = await ctx.db.batch([
    ctx.db.select().from(courses).where(eq(courses.id, courseId)),
    ctx.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, couponCode ?? '')),
  ]);
  const course = found[0];
  if (!course) throw notFound(ENROLLMENT_MESSAGES.courseUnavailable);
  if (!course.isActive) throw badRequest(ENROLLMENT_MESSAGES.courseUnavailable);
  return { course, coupon: couponRows[0] };
}

/**
 * Prices an enrolment (or a renewal) of a course from the database alone: the course price used, the
 * coupon (category course, the caller's usage; the trigger re-checks the limits in the write's batch)
 * and GST at the course's rate. The browser's figures are never read.
 */
export async function priceCourse(
  ctx: ServiceCtx,
  courseId: string,
  couponCode: string | undefined,
  userId: string,
): Promise<PricedCourse> {
  const { course, coupon: row } = await courseAndCoupon(ctx, courseId, couponCode);
  let coupon: CouponRow | null = null;
  if (couponCode) {
    coupon = (await usableCoupon(ctx.db, row, { amountCents: coursePriceCents(course), category: 'course', userId, unknown: 400 })).coupon;
  }
  const totals = courseTotals(course, coupon);
  if (totals.totalCents > 0 && !isPayableCents(totals.totalCents)) throw badRequest(PAYMENT_MESSAGES.amountRange);
  return { course, totals, coupon };
}

export const paymentDueAt = (at: Date, windowDays: number) => new Date(at.getTime() + windowDays * 86_400_000);
