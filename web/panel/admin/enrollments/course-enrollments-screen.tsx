import { useEffect, useState } from 'react';
import { COURSE_ENROLLMENT_STATUSES, ENROLLMENT_PAYMENT_LABELS, ENROLLMENT_PAYMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { CourseEnrollmentView } from '#core/enrollments/views.ts';
import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';
import { moneyIn } from '#web/panel/admin/payments/payment-labels.ts';
import { Stamp } from '#web/panel/admin/orders/order-parts.tsx';
import { deleteEnrollments, readCourseEnrollments, type ListQuery } from './enrollments-api.ts';
import { EnrollmentList, type ListConfig } from './enrollment-list.tsx';
import { DecisionActions } from './decision-actions.tsx';
import { DecisionDetail } from './decision-detail.tsx';
import { CourseEnrollmentFacts } from './course-enrollment-facts.tsx';
import { PaymentBadge, Person, statusLabel, StatusBadge } from './enrollment-parts.tsx';

type Row = CourseEnrollmentView;
const NO_FILTERS: ListQuery = { page: 1, search: '', status: '', paymentStatus: '' };
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

/** The school's course enrolments at `<base>`, one enrolment at `<base>/<id>`; the list keeps its filters while one is open. */
export default function CourseEnrollmentsScreen({ base, path }: AdminScreenProps) {
  const [query, setQuery] = useState<ListQuery>(NO_FILTERS);
  const [flash, setFlash] = useState('');
  const [list] = useState(() => config(base));
  const [sub] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (sub)
    return (
      <DecisionDetail<Row>
        kind="course"
        base={base}
        id={decodeURIComponent(sub)}
        backLabel="Course enrolments"
        title={nameOf}
        body={(e) => <CourseEnrollmentFacts enrollment={e} />}
        onDeleted={setFlash}
      />
    );
  return <EnrollmentList config={list} query={query} setQuery={setQuery} flash={flash} />;
}
