import { MEMBERSHIP_ENROLLMENT_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { daysLeftLabel } from '#web/lib/enrollment-admin-rules.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { Stamp } from '#web/panel/admin/orders/order-parts.tsx';
import { deleteEnrollments, readMembershipEnrollments, type ListQuery } from './enrollments-api.ts';
import type { ListConfig } from './enrollment-list.tsx';
import { DecisionActions } from './decision-actions.tsx';
import { MEMBERSHIP_ENROLLMENTS } from './enrollment-decisions.tsx';
import { DecisionScreen } from './decision-screen.tsx';
import { cad } from './membership-enrollment-facts.tsx';
import { PAYMENT_FILTER, Person, statusFilter } from './enrollment-parts.tsx';

type Row = MembershipEnrollmentView;
const nameOf = MEMBERSHIP_ENROLLMENTS.name;
const NO_FILTERS: ListQuery = { page: 1, search: '', status: '', paymentStatus: '' };

const config = (base: string): ListConfig<Row> => ({
  id: 'membership-enrollments',
  title: 'Membership enrolments',
  noun: 'enrolments',
  singular: 'enrolment',
  headLabel: 'Member',
  searchLabel: 'Search by name, email, membership or plan',
  filters: [statusFilter(MEMBERSHIP_ENROLLMENT_STATUSES), PAYMENT_FILTER],
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
            <SchoolTime iso={e.startsAt} show="shortDate" /> – <SchoolTime iso={e.endsAt} show="shortDate" />
            <span className="cell-note">{daysLeftLabel(e.daysLeft, e.endsAt)}</span>
          </>
        ) : (
          <span className="muted">Not started</span>
        ),
    },
    {
      label: 'Status',
      cell: (e) => <span className="enrollment-badges">{MEMBERSHIP_ENROLLMENTS.badges(e)}</span>,
    },
    { label: 'Total', className: 'cell-number', cell: (e) => cad(e, e.totalAmount) },
    { label: 'Created', className: 'cell-nowrap', cell: (e) => <Stamp iso={e.createdAt} /> },
  ],
  rowLabel: nameOf,
  rowData: (e) => ({ 'data-status': e.enrollmentStatus, 'data-email': e.user.email }),
  actions: (e, onOutcome) => <DecisionActions kind={MEMBERSHIP_ENROLLMENTS} row={e} small onOutcome={onOutcome} />,
  bulkDelete: (ids) => deleteEnrollments('membership', ids),
  keptReason: 'a paid enrolment that is still live cannot be deleted (reject it first)',
});

/** The school's membership enrolments at `<base>`, one at `<base>/<id>` with its documents. */
export default function MembershipEnrollmentsScreen(props: PanelScreenProps) {
  return <DecisionScreen<Row> {...props} kind={MEMBERSHIP_ENROLLMENTS} config={config} noFilters={NO_FILTERS} />;
}
