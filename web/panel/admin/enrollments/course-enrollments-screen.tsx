import { COURSE_ENROLLMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { CourseEnrollmentView } from '#core/enrollments/views.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { moneyIn } from '#web/panel/admin/payments/payment-labels.ts';
import { Stamp } from '#web/panel/admin/orders/order-parts.tsx';
import { deleteEnrollments, readCourseEnrollments, type ListQuery } from './enrollments-api.ts';
import type { ListConfig } from './enrollment-list.tsx';
import { DecisionActions } from './decision-actions.tsx';
import { COURSE_ENROLLMENTS } from './enrollment-decisions.tsx';
import { DecisionScreen } from './decision-screen.tsx';
import { PAYMENT_FILTER, PaymentBadge, Person, StatusBadge, statusFilter } from './enrollment-parts.tsx';

type Row = CourseEnrollmentView;
const nameOf = COURSE_ENROLLMENTS.name;
const NO_FILTERS: ListQuery = { page: 1, search: '', status: '', paymentStatus: '' };

const config = (base: string): ListConfig<Row> => ({
  id: 'course-enrollments',
  title: 'Course enrolments',
  noun: 'enrolments',
  singular: 'enrolment',
  headLabel: 'Student',
  searchLabel: 'Search by student name, email, student ID or course',
  filters: [statusFilter(COURSE_ENROLLMENT_STATUSES), PAYMENT_FILTER],
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
  actions: (e, onOutcome) => <DecisionActions kind={COURSE_ENROLLMENTS} row={e} small onOutcome={onOutcome} />,
  bulkDelete: (ids) => deleteEnrollments('course', ids),
  keptReason: 'a paid enrolment that is still live cannot be deleted (reject it first)',
});

/** The school's course enrolments at `<base>`, one enrolment at `<base>/<id>`. */
export default function CourseEnrollmentsScreen(props: PanelScreenProps) {
  return <DecisionScreen<Row> {...props} kind={COURSE_ENROLLMENTS} config={config} noFilters={NO_FILTERS} />;
}
