import type { CourseEnrollmentView, MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { gatewayLabel, moneyIn } from '#web/panel/admin/payments/payment-labels.ts';
import { upperFirst } from '#web/components/format.ts';
import { Facts, marked, when } from './enrollment-parts.tsx';

type Any = CourseEnrollmentView | MembershipEnrollmentView;

/** Who the enrolment belongs to. */
export function PersonCard({ enrollment: e }: { enrollment: Any }) {
  return (
    <section className="card" aria-labelledby="enrollment-person">
      <h2 id="enrollment-person">Student</h2>
      <Facts
        rows={[
          ['Name', e.user.name],
          [
            'Email',
            <a key="email" href={`mailto:${e.user.email}`}>
              {e.user.email}
            </a>,
          ],
          ['Student ID', e.user.studentId ? <code key="student-id">{e.user.studentId}</code> : null],
          ['Membership ID', e.user.membershipId ? <code key="membership-id">{e.user.membershipId}</code> : null],
          ['Role', upperFirst(e.user.role)],
        ]}
      />
      {e.notes && (
        <>
          <h3>Notes from the student</h3>
          <p className="order-notes">{e.notes}</p>
        </>
      )}
    </section>
  );
}

/** The school's decisions and when each happened, with the notes and the reason. */
export function DecisionDates({ enrollment: e, extra = [] }: { enrollment: Any; extra?: [string, string | null][] }) {
  return (
    <section className="card" aria-labelledby="enrollment-history">
      <h2 id="enrollment-history">History</h2>
      <Facts
        rows={[
          ['Created', when(e.createdAt)],
          ['Payment due by', e.paymentStatus === 'pending' && e.enrollmentStatus !== 'cancelled' ? when(e.paymentDueAt) : null],
          ['Paid', when(e.paidAt)],
          ['Approved', when(e.approvedAt)],
          ['Approval notes', marked(e.approvalNotes, 'data-approval-notes')],
          ...extra.map(([label, iso]) => [label, when(iso)] as [string, string | null]),
          ['Cancelled', when(e.cancelledAt)],
          ['Reason', marked(e.cancelReason, 'data-cancel-reason')],
        ]}
      />
    </section>
  );
}

/** A course enrolment's amounts, course, person and history. */
export function CourseEnrollmentFacts({ enrollment: e }: { enrollment: CourseEnrollmentView }) {
  const m = (n: number) => moneyIn(n, e.currency);
  return (
    <>
      <section className="card" aria-labelledby="enrollment-amounts">
        <h2 id="enrollment-amounts">{e.course.title}</h2>
        <Facts
          rows={[
            ['Course price', m(e.coursePrice)],
            ['Discount', e.discountAmount ? `− ${m(e.discountAmount)}` : null],
            ['Coupon', e.couponCode ? <code key="coupon">{e.couponCode}</code> : null],
            ['GST', m(e.gstAmount)],
            ['Total', <strong key="total" data-total="">{`${m(e.totalAmount)} ${e.currency}`}</strong>],
            ['Payment method', gatewayLabel(e.paymentMethod)],
            ['Length', e.course.durationWeeks ? `${e.course.durationWeeks} weeks` : null],
            ['Term ends', when(e.termEndsAt)],
          ]}
        />
      </section>
      <PersonCard enrollment={e} />
      <DecisionDates enrollment={e} />
    </>
  );
}
