import { eq } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES, LIVE_COURSE_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { CreateCourseEnrollmentInput } from '#core/enrollments/course-schemas.ts';
import type { CourseEnrollmentView, EnrollmentCheckout } from '#core/enrollments/views.ts';
import { newId } from '#core/ids.ts';
import { currencySettings } from '#core/shop/currency.ts';
import { courseEnrollments, type CourseEnrollmentRow } from '#db/schema/index.ts';
import { couponRefusedError, takeCouponUse } from '#worker/lib/coupon-uses.ts';
import { causes, isUniqueViolation } from '#worker/lib/db-errors.ts';
import { badRequest, conflict } from '#worker/lib/errors.ts';
import { actingFor } from '#worker/lib/family/guardian.ts';
import { schoolCurrency } from '#worker/lib/payments/currency.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { chosenGateway, gatewayOrFree } from '#worker/lib/payments/registry.ts';
import { purchaseValues } from '#worker/lib/enrolment/columns.ts';
import { GATEWAY_START_FAILED, openPayment } from '#worker/lib/payments/open.ts';
import { coursePath, GATEWAY_DOWN_NEW, returnPath } from './enrollments.pay.ts';
import { priceCourse, type PricedCourse } from './enrollments.pricing.ts';
import { enrollmentView, visibleEnrollment } from './enrollments.queries.ts';
import { cancelStatements } from './enrollments.release.ts';
import { requireSignedWaiver } from '#worker/lib/waivers/require-waiver.ts';

/** The capacity trigger (migration 0012) stopped the batch: the course is full. */
const isCourseFull = (err: unknown) => causes(err).some((e) => String((e as Error)?.message ?? '').includes('COURSE_FULL'));

/**
 * The enrolment and its coupon use in ONE batch. The database refuses what the reads cannot promise
 * under parallel requests: a second live enrolment (the partial unique index), a seat past the course's
 * capacity (the trigger), a coupon use past its limits (the coupon trigger); nothing is then written.
 */
async function insertEnrollment(
  ctx: ServiceCtx,
  { course, totals, coupon }: PricedCourse,
  userId: string,
  input: CreateCourseEnrollmentInput,
  gateway: string,
): Promise<CourseEnrollmentRow> {
  const at = new Date();
  const id = newId();
  const currency = await schoolCurrency(ctx.db);
  const statements = [
    ctx.db
      .insert(courseEnrollments)
      .values({
        id,
        userId,
        courseId: course.id,
        courseTitle: course.title,
        paymentStatus: totals.totalCents === 0 ? 'free' : 'pending',
        coursePriceCents: totals.priceCents,
        discountCents: totals.couponDiscountCents,
        ...purchaseValues(totals, coupon, gateway, currency.code, at),
        notes: input.notes,
        ...(totals.totalCents === 0 ? { paymentDueAt: null } : {}),
      })
      .returning(),
    ...(coupon
      ? [
          takeCouponUse(ctx.db, {
            couponId: coupon.id,
            userId,
            purchaseType: 'course_enrollment',
            purchaseId: id,
            category: 'course',
            amountCents: totals.priceCents,
            discountCents: totals.couponDiscountCents,
            status: totals.totalCents === 0 ? 'confirmed' : 'reserved',
          }),
        ]
      : []),
  ] as const;
  try {
    const [rows] = await batch(ctx.db, statements);
    return rows[0]!;
  } catch (err) {
    const refused = couponRefusedError(err);
    if (refused) throw refused;
    if (isCourseFull(err)) throw conflict(ENROLLMENT_MESSAGES.courseFull);
    if (isUniqueViolation(err)) throw conflict(ENROLLMENT_MESSAGES.alreadyEnrolled);
    throw err;
  }
}

/**
 * POST /api/enroll: priced from the database, seat and coupon held, then sent to the gateway (nothing to pay:
 * free). With `forUserId` a guardian enrols their child: the enrolment is the child's, the payment the guardian's.
 */
export async function createEnrollment(
  ctx: ServiceCtx,
  input: CreateCourseEnrollmentInput,
): Promise<EnrollmentCheckout<CourseEnrollmentView>> {
  if (input.isRetry) return retryPayment(ctx, input);
  const user = signedIn(ctx);
  if (!input.courseId) throw badRequest(ENROLLMENT_MESSAGES.courseIdRequired);
  const { userId } = await actingFor(ctx, input.forUserId, 'forbidden');
  await requireSignedWaiver(ctx, userId);
  const priced = await priceCourse(ctx, input.courseId, input.couponCode, userId);
  const gateway = gatewayOrFree(ctx, priced.totals.totalCents === 0, input.paymentMethod);
  const row = await insertEnrollment(ctx, priced, userId, input, gateway);
  if (row.paymentStatus === 'free') return { enrollment: await enrollmentView(ctx.db, row.id), payment: null };
  const payment = await openPayment(
    ctx,
    {
      purchaseType: 'course_enrollment',
      purchaseId: row.id,
      userId: user.id,
      amountCents: row.totalCents,
      // Priced in the currency just read: the settings row is not read again.
      currency: currencySettings(row.currency).code,
      gateway,
      description: `Enrolment: ${row.courseTitle}`,
      customerEmail: user.email,
      returnPath: returnPath('enrollmentId', row.id),
      cancelPath: coursePath(priced.course.slug),
    },
    {
      // The payment cannot happen: the seat and the coupon use go back at once.
      abandon: () =>
        ctx.db.batch([
          ...cancelStatements(ctx.db, {
            which: eq(courseEnrollments.id, row.id),
            from: LIVE_COURSE_STATUSES,
            at: new Date(),
            set: { cancelReason: GATEWAY_START_FAILED },
          }),
        ]),
      message: GATEWAY_DOWN_NEW,
    },
  );
  return { enrollment: await enrollmentView(ctx.db, row.id), payment };
}

/** Retry (`isRetry` + `enrollmentId` + `courseId`): a new payment for the caller's own (or child's) enrolment still awaiting one. */
async function retryPayment(ctx: ServiceCtx, input: CreateCourseEnrollmentInput): Promise<EnrollmentCheckout<CourseEnrollmentView>> {
  const user = signedIn(ctx);
  if (!input.enrollmentId || !input.courseId) throw badRequest(ENROLLMENT_MESSAGES.retryNeedsIds);
  const found = await visibleEnrollment(ctx, input.enrollmentId, true);
  const e = found.enrollment;
  if (e.courseId !== input.courseId) throw badRequest(ENROLLMENT_MESSAGES.notFound);
  if (e.paymentStatus === 'paid') throw conflict(ENROLLMENT_MESSAGES.alreadyPaid);
  if (e.paymentStatus !== 'pending' || e.status === 'cancelled') throw conflict(ENROLLMENT_MESSAGES.notPayable);
  const gateway = chosenGateway(ctx, input.paymentMethod, e.paymentMethod);
  const payment = await openPayment(ctx, {
    purchaseType: 'course_enrollment',
    purchaseId: e.id,
    userId: user.id,
    amountCents: e.totalCents,
    gateway,
    description: `Enrolment: ${e.courseTitle}`,
    customerEmail: user.email,
    returnPath: returnPath('enrollmentId', e.id),
    cancelPath: coursePath(found.course?.slug),
  });
  return { enrollment: await enrollmentView(ctx.db, e.id), payment };
}
