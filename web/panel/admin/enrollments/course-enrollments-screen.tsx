import { COURSE_ENROLLMENT_STATUSES, ENROLLMENT_PAYMENT_LABELS, ENROLLMENT_PAYMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { CourseEnrollmentView } from '#core/enrollments/views.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { moneyIn } from '#web/panel/admin/payments/payment-labels.ts';
import { Stamp } from '#web/panel/admin/orders/order-parts.tsx';
import { deleteEnrollments, readCourseEnrollments } from './enrollments-api.ts';
import type { ListConfig } from './enrollment-list.tsx';
import { DecisionActions } from './decision-actions.tsx';
import { DecisionScreen } from './decision-screen.tsx';
import { CourseEnrollmentFacts } from './course-enrollment-facts.tsx';
import { PaymentBadge, Person, statusLabel, StatusBadge } from './enrollment-parts.tsx';

type Row = CourseEnrollmentView;
const nameOf = (e: Row) => `${e.user.name} in ${e.course.title}`;

const config = (base: string): ListConfig<Row> => ({
  id: 'course-enrollments',
  title: 'Course enrolments',
  noun: 'enrolments',
  singular: 'enrolment',
  headLabel: 'Student',
  searchLabel: 'Search by student name, email, student ID or course',
  filters: [
    {
      name: 'status',
      label: 'Status',
      allLabel: 'All statuses',
      options: COURSE_ENROLLMENT_STATUSES.map((v) => ({ value: v, label: statusLabel(v) })),
    },
    {
      name: 'paymentStatus',
      label: 'Payment',
      allLabel: 'All payments',
      options: ENROLLMENT_PAYMENT_STATUSES.map((v) => ({ value: v, label: ENROLLMENT_PAYMENT_LABELS[v] })),
    },
  ],
  statuses: COURSE_ENROLLMENT_STATUSES,
  read: readCourseEnrollments,
  head: (e) => <Person user={e.user} href={`${base}/${encodeURIComponent(e._id)}`} label={`${nameOf(e)}: details`} />,
  columns: [
    { label: 'Course', cell: (e) => e.course.title },
    { label: 'Status', cell: (e) => <StatusBadge status={e.enrollmentStatus} /> },
    { label: 'Payment', cell: (e) => <PaymentBadge status={e.paymentStatus} /> },
    { label: 'Total', className: 'cell-number', cell: (e) => moneyIn(e.totalAmount, e.currency) },
    { label: 'Created', className: 'cell-nowrap', cell: (e) => <Stamp iso={e.createdAt} /> },
  ],
  rowLabel: nameOf,
  rowData: (e) => ({ 'data-status': e.enrollmentStatus, 'data-email': e.user.email }),
  actions: (e, onOutcome) => <DecisionActions kind="course" row={e} name={nameOf(e)} small onOutcome={onOutcome} />,
  bulkDelete: (ids) => deleteEnrollments('course', ids),
  keptReason: 'a paid enrolment that is still live cannot be deleted (reject it first)',
});

/** The school's course enrolments at `<base>`, one enrolment at `<base>/<id>`. */
export default function CourseEnrollmentsScreen(props: PanelScreenProps) {
  return (
    <DecisionScreen<Row>
      {...props}
      kind="course"
      backLabel="Course enrolments"
      config={config}
      title={nameOf}
      facts={(e) => <CourseEnrollmentFacts enrollment={e} />}
    />
  );
}
