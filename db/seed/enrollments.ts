import { inArray } from 'drizzle-orm';
import { courseTotals } from '#core/enrollments/course-pricing.ts';
import { courseEnrollments, courses, payments, type NewPaymentRow } from '#db/schema/index.ts';
import type { CourseEnrollmentRow } from '#db/schema/enrollments.ts';
import { demoUserIds } from './demo-users.ts';
import type { Seeder } from './types.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;

type Demo = {
  id: string;
  email: string;
  courseId: string;
  status: CourseEnrollmentRow['status'];
  paid: boolean;
  /** Days before seeding it was made. */
  ago: number;
  cancelReason?: string;
};

/** The student: one active paid course with a term, one paid awaiting approval; the member: one approved awaiting payment; one cancelled. */
const DEMO: Demo[] = [
  {
    id: 'seed-course-enrollment-0001',
    email: 'student@dojo.local',
    courseId: 'seed-course-adult-beginners',
    status: 'active',
    paid: true,
    ago: 20,
  },
  {
    id: 'seed-course-enrollment-0002',
    email: 'student@dojo.local',
    courseId: 'seed-course-kata',
    status: 'pending_approval',
    paid: true,
    ago: 2,
  },
  {
    id: 'seed-course-enrollment-0003',
    email: 'member@dojo.local',
    courseId: 'seed-course-kumite',
    status: 'approved',
    paid: false,
    ago: 1,
  },
  {
    id: 'seed-course-enrollment-0004',
    email: 'member@dojo.local',
    courseId: 'seed-course-self-defence',
    status: 'cancelled',
    paid: false,
    ago: 30,
    cancelReason: 'Cancelled by user',
  },
];

/** Demo course enrolments (issue 13), priced like the API prices them; paid ones carry a sandbox payment. Idempotent (fixed ids). */
export const courseEnrollmentsSeeder: Seeder = {
  name: 'course-enrollments',
  async run({ db }) {
    const now = Date.now();
    const userId = await demoUserIds(
      db,
      DEMO.map((d) => d.email),
    );
    const found = await db
      .select()
      .from(courses)
      .where(inArray(courses.id, [...new Set(DEMO.map((d) => d.courseId))]));
    const course = new Map(found.map((c) => [c.id, c]));
    const rows: (typeof courseEnrollments.$inferInsert)[] = [];
    const paidRows: NewPaymentRow[] = [];
    for (const d of DEMO) {
      const uid = userId.get(d.email);
      const c = course.get(d.courseId);
      if (!uid || !c) continue; // accounts and catalog seed first; a missing one is skipped, not invented
      const t = courseTotals(c, null);
      const createdAt = new Date(now - d.ago * DAY);
      const paidAt = d.paid ? new Date(createdAt.getTime() + 3_600_000) : null;
      rows.push({
        id: d.id,
        userId: uid,
        courseId: c.id,
        courseTitle: c.title,
        status: d.status,
        paymentStatus: t.totalCents === 0 ? 'free' : d.paid ? 'paid' : 'pending',
        paymentMethod: 'sandbox',
        currency: c.currency,
        coursePriceCents: t.priceCents,
        discountCents: t.couponDiscountCents,
        gstCents: t.gstCents,
        totalCents: t.totalCents,
        notes: '',
        approvedAt: d.status === 'active' || d.status === 'approved' ? new Date(createdAt.getTime() + DAY / 2) : null,
        approvalNotes: d.status === 'active' ? 'Welcome to the dojo' : null,
        paidAt,
        termEndsAt: d.status === 'active' && c.durationWeeks ? new Date(createdAt.getTime() + DAY / 2 + c.durationWeeks * WEEK) : null,
        paymentDueAt: d.paid ? null : new Date(Math.max(createdAt.getTime(), now - DAY) + 7 * DAY),
        cancelReason: d.cancelReason ?? null,
        cancelledAt: d.status === 'cancelled' ? new Date(createdAt.getTime() + DAY) : null,
        createdAt,
        updatedAt: createdAt,
      });
      if (paidAt && t.totalCents > 0)
        paidRows.push({
          id: `${d.id}-payment`,
          userId: uid,
          purchaseType: 'course_enrollment',
          purchaseId: d.id,
          gateway: 'sandbox',
          sessionId: `seed-session-${d.id}`,
          providerPaymentId: `seed-pay-${d.id}`,
          amountCents: t.totalCents,
          currency: c.currency,
          status: 'succeeded',
          paidAt,
          createdAt: paidAt,
          updatedAt: paidAt,
        });
    }
    if (!rows.length) return 0;
    const added = await db.insert(courseEnrollments).values(rows).onConflictDoNothing().returning({ id: courseEnrollments.id });
    if (paidRows.length) await db.insert(payments).values(paidRows).onConflictDoNothing();
    return added.length;
  },
};
