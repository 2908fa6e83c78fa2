import {
  ENROLLMENT_PAYMENT_LABELS,
  ENROLLMENT_PAYMENT_STATUSES,
  MEMBERSHIP_ENROLLMENT_STATUSES,
} from '#core/enrollments/enrollment-status.ts';
import type { MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { daysLeftLabel } from '#web/lib/enrollment-admin-rules.ts';
import { formatShortDate } from '#web/components/format.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { Stamp } from '#web/panel/admin/orders/order-parts.tsx';
import { deleteEnrollments, readMembershipEnrollments } from './enrollments-api.ts';
import type { ListConfig } from './enrollment-list.tsx';
import { DecisionActions } from './decision-actions.tsx';
import { DecisionScreen } from './decision-screen.tsx';
import { cad, MembershipEnrollmentFacts } from './membership-enrollment-facts.tsx';
import { PaymentBadge, Person, statusLabel, StatusBadge } from './enrollment-parts.tsx';

type Row = MembershipEnrollmentView;
const nameOf = (e: Row) => `${e.user.name}, ${e.membership.name}`;

const config = (base: string): ListConfig<Row> => ({
  id: 'membership-enrollments',
  title: 'Membership enrolments',
  noun: 'enrolments',
  singular: 'enrolment',
  headLabel: 'Member',
  searchLabel: 'Search by name, email, membership or plan',
  filters: [
    {
      name: 'status',
      label: 'Status',
      allLabel: 'All statuses',
      options: MEMBERSHIP_ENROLLMENT_STATUSES.map((v) => ({ value: v, label: statusLabel(v) })),
    },
    {
      name: 'paymentStatus',
      label: 'Payment',
      allLabel: 'All payments',
      options: ENROLLMENT_PAYMENT_STATUSES.map((v) => ({ value: v, label: ENROLLMENT_PAYMENT_LABELS[v] })),
    },
  ],
  statuses: MEMBERSHIP_ENROLLMENT_STATUSES,
  read: readMembershipEnrollments,
  head: (e) => <Person user={e.user} href={`${base}/${encodeURIComponent(e._id)}`} label={`${nameOf(e)}: details`} />,
  columns: [
    {
      label: 'Plan',
      cell: (e) => (
        <>
          {e.membership.name}
          <span className="cell-note">{e.plan.name}</span>
          <span className="cell-note" data-documents={e.documents.length}>
            {e.documents.length} {e.documents.length === 1 ? 'document' : 'documents'}
          </span>
        </>
      ),
    },
    {
      label: 'Period',
      className: 'cell-nowrap',
      cell: (e) =>
        e.startsAt && e.endsAt ? (
          <>
            {formatShortDate(e.startsAt)} – {formatShortDate(e.endsAt)}
            <span className="cell-note">{daysLeftLabel(e.daysLeft, e.endsAt)}</span>
          </>
        ) : (
          <span className="muted">Not started</span>
        ),
    },
    {
      label: 'Status',
      cell: (e) => (
        <span className="enrollment-badges">
          <StatusBadge status={e.enrollmentStatus} />
          <PaymentBadge status={e.paymentStatus} />
        </span>
      ),
    },
    { label: 'Total', className: 'cell-number', cell: (e) => cad(e, e.totalAmount) },
    { label: 'Created', className: 'cell-nowrap', cell: (e) => <Stamp iso={e.createdAt} /> },
  ],
  rowLabel: nameOf,
  rowData: (e) => ({ 'data-status': e.enrollmentStatus, 'data-email': e.user.email }),
  actions: (e, onOutcome) => <DecisionActions kind="membership" row={e} name={nameOf(e)} small onOutcome={onOutcome} />,
  bulkDelete: (ids) => deleteEnrollments('membership', ids),
  keptReason: 'a paid enrolment that is still live cannot be deleted (reject it first)',
});

/** The school's membership enrolments at `<base>`, one at `<base>/<id>` with its documents. */
export default function MembershipEnrollmentsScreen(props: PanelScreenProps) {
  return (
    <DecisionScreen<Row>
      {...props}
      kind="membership"
      backLabel="Membership enrolments"
      config={config}
      title={nameOf}
      facts={(e) => <MembershipEnrollmentFacts enrollment={e} />}
    />
  );
}
