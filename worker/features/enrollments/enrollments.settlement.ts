import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '#core/money.ts';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import { courseEnrollments, courses, enrollmentRenewals, users } from '#db/schema/index.ts';
import { profileName } from '#core/users/person-name.ts';
import { ADMIN_CAPABLE } from '#core/roles.ts';
import { tellSchool } from '#worker/lib/enrolment/money-notice.ts';
import { escapeHtml } from '#worker/lib/order-mail.ts';
import { notify } from '#worker/lib/notify.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { schoolCurrency } from '#worker/lib/payments/currency.ts';
import { confirmRenewalCouponUse, enrolmentSettlement, payRenewal, renewalRefunded } from '#worker/lib/enrolment/settle.ts';
import type { PurchaseSettlement } from '#worker/lib/payments/settlements.ts';
import { COURSE, WEEK_MS } from './enrollments.kind.ts';

/**
 * Paid: an approved enrolment becomes active (its term starts now); one still pending approval stays so,
 * paid. Only from payment pending and a live status, so a second settle or a cancelled enrolment moves nothing.
 */
export const courseEnrollmentSettlement: PurchaseSettlement = enrolmentSettlement(COURSE, (ctx, id) => {
  sendCourseReceipt(ctx, { enrollmentId: id });
  tellSchoolOfEnrolment(ctx, id);
});

/** The school hears a course enrolment was paid: waiting for its approval, or active when already approved. */
function tellSchoolOfEnrolment(ctx: ServiceCtx, id: string) {
  tellSchool(ctx, 'course enrolment paid school notice', async () => {
    const row = await ctx.db
      .select({ e: courseEnrollments, email: users.email, profile: users.profile })
      .from(courseEnrollments)
      .innerJoin(users, eq(users.id, courseEnrollments.userId))
      .where(eq(courseEnrollments.id, id))
      .get();
    if (!row) return null;
    const waiting = row.e.status === 'pending_approval';
    const total = formatMoney(row.e.totalCents, await schoolCurrency(ctx.db));
    return {
      roles: ADMIN_CAPABLE,
      title: waiting ? 'Paid enrolment waiting for approval' : 'Course enrolment paid',
      body: `${profileName(row.profile, row.email)} (${row.email}) paid ${total} for ${row.e.courseTitle}${waiting ? '; the enrolment waits for your approval.' : '.'}`,
      eventType: 'course_enrollment_paid_school',
      entityType: 'course_enrollment',
      entityId: id,
      link: `/admin/course-enrollments/${encodeURIComponent(id)}`,
      linkLabel: waiting ? 'Review enrolment' : 'View enrolment',
    };
  });
}

const renewalEnrollment = (renewalId: string) =>
  sql`(select ${enrollmentRenewals.enrollmentId} from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${renewalId})`;

/** max(the enrolment's current term end, now): a renewal adds its weeks from there. */
const renewalStart = (at: Date) =>
  sql`(select max(coalesce(${courseEnrollments.termEndsAt}, 0), ${at.getTime()}) from ${courseEnrollments} where ${courseEnrollments.id} = ${enrollmentRenewals.enrollmentId})`;
const renewalWeeksMs = sql`(select ${courses.durationWeeks} * ${WEEK_MS} from ${courses} join ${courseEnrollments} on ${courseEnrollments.courseId} = ${courses.id} where ${courseEnrollments.id} = ${enrollmentRenewals.enrollmentId})`;

/**
 * A course renewal paid: its period (from the enrolment's current end, or now if that has passed) is
 * written on the renewal, and the enrolment's term end moves to the period's end in the same batch
 * (max(), so a replay changes nothing). Only for an enrolment still active on a course with weeks.
 */
export const courseRenewalSettlement: PurchaseSettlement = {
  paid: (db, id, at, paymentId) => ({
    move: payRenewal(db, COURSE, id, {
      at,
      paymentId,
      from: renewalStart(at),
      to: sql`${renewalStart(at)} + ${renewalWeeksMs}`,
      requires: sql`${renewalWeeksMs} is not null and exists (select 1 from ${courseEnrollments} where ${courseEnrollments.id} = ${enrollmentRenewals.enrollmentId} and ${courseEnrollments.status} = 'active')`,
    }),
    follow: [
      db
        .update(courseEnrollments)
        .set({
          termEndsAt: sql`max(coalesce(${courseEnrollments.termEndsAt}, 0), (select ${enrollmentRenewals.periodEndsAt} from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${id}))`,
          updatedAt: at,
        })
        .where(
          and(
            sql`${courseEnrollments.id} = ${renewalEnrollment(id)}`,
            sql`exists (select 1 from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${id} and ${enrollmentRenewals.status} = 'paid')`,
          ),
        ),
      confirmRenewalCouponUse(db, COURSE, id, at),
    ],
  }),
  afterPaid: (ctx, id) => sendCourseReceipt(ctx, { renewalId: id }),
  refunded: renewalRefunded,
};

/** What paying for (or refunding) a course enrolment and a course renewal does. */
export const courseSettlements: Partial<Record<PurchaseType, PurchaseSettlement>> = {
  course_enrollment: courseEnrollmentSettlement,
  course_renewal: courseRenewalSettlement,
};

/**
 * After the response (ctx.defer): the user hears in the page and by push that the payment arrived, and
 * gets an e-mail receipt. A failed delivery never fails the payment.
 */
function sendCourseReceipt(ctx: ServiceCtx, which: { enrollmentId: string } | { renewalId: string }) {
  ctx.defer('course payment receipt', async () => {
    const renewal =
      'renewalId' in which
        ? await ctx.db.select().from(enrollmentRenewals).where(eq(enrollmentRenewals.id, which.renewalId)).get()
        : undefined;
    const enrollmentId = 'enrollmentId' in which ? which.enrollmentId : renewal?.enrollmentId;
    if (!enrollmentId) return;
    const row = await ctx.db
      .select({ enrollment: courseEnrollments, email: users.email, profile: users.profile })
      .from(courseEnrollments)
      .innerJoin(users, eq(users.id, courseEnrollments.userId))
      .where(eq(courseEnrollments.id, enrollmentId))
      .get();
    if (!row) return;
    const e = row.enrollment;
    const currency = await schoolCurrency(ctx.db);
    const money = (cents: number) => formatMoney(cents, currency);
    const what = renewal ? `the renewal of ${e.courseTitle}` : e.courseTitle;
    const total = money(renewal?.totalCents ?? e.totalCents);
    await notify(ctx, [e.userId], {
      title: 'Payment received',
      body: `Your payment of ${total} for ${what} was received. Thank you!`,
      type: 'success',
      eventType: renewal ? 'course_renewal_paid' : 'course_enrollment_paid',
      entityType: 'course_enrollment',
      entityId: e.id,
      data: { enrollmentId: e.id, ...(renewal ? { renewalId: renewal.id } : {}) },
      actions: [{ action: 'view', title: 'My courses', url: '/student/courses' }],
    });
    const lines: [string, string][] = [
      ['Course', e.courseTitle],
      ['Price', money(renewal?.priceCents ?? e.coursePriceCents)],
      ...((renewal ? renewal.couponDiscountCents : e.discountCents)
        ? [
            [
              `Discount${(renewal?.couponCode ?? e.couponCode) ? ` (${renewal?.couponCode ?? e.couponCode})` : ''}`,
              `-${money(renewal ? renewal.couponDiscountCents : e.discountCents)}`,
            ] as [string, string],
          ]
        : []),
      ['GST', money(renewal?.gstCents ?? e.gstCents)],
      ['Total', total],
    ];
    const name = profileName(row.profile, row.email);
    const link = `${ctx.origin}/student/courses`;
    await ctx.mailer.send({
      to: row.email,
      subject: renewal ? `Receipt: renewal of ${e.courseTitle}` : `Receipt: ${e.courseTitle}`,
      text: [
        `Hello ${name},`,
        '',
        `Your payment for ${what} was received.`,
        '',
        ...lines.map(([k, v]) => `${k}: ${v}`),
        '',
        `Your courses: ${link}`,
      ].join('\n'),
      html: [
        `<p>Hello ${escapeHtml(name)},</p>`,
        `<p>Your payment for ${escapeHtml(what)} was received.</p>`,
        '<table cellpadding="4">',
        ...lines.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td style="text-align:right">${escapeHtml(v)}</td></tr>`),
        '</table>',
        `<p><a href="${escapeHtml(link)}">Your courses</a></p>`,
      ].join('\n'),
      kind: 'course-receipt',
      userId: e.userId,
    });
  });
}
