import { INSTRUCTOR_ENROLLMENT_STATUSES, INSTRUCTOR_STATUS_LABELS, INSTRUCTOR_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { INSTRUCTOR_TYPE_LABELS, INSTRUCTOR_TYPES } from '#core/enrollments/enrollment-options.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { readInstructorApplications, type ListQuery } from './enrollments-api.ts';
import type { ListConfig } from './enrollment-list.tsx';
import { DecisionActions } from './decision-actions.tsx';
import { DecisionScreen } from './decision-screen.tsx';
import { INSTRUCTOR_APPLICATIONS } from './instructor-decisions.tsx';
import { Person, statusFilter } from './enrollment-parts.tsx';

type Row = InstructorEnrollmentView;
const NO_FILTERS: ListQuery = { page: 1, search: '', status: '', instructorStatus: '', type: '' };

const config = (base: string): ListConfig<Row> => ({
  id: 'instructor-applications',
  title: 'Instructor applications',
  noun: 'applications',
  singular: 'application',
  headLabel: 'Applicant',
  searchLabel: 'Search by name, email, instructor ID or grade',
  filters: [
    statusFilter(INSTRUCTOR_ENROLLMENT_STATUSES),
    {
      name: 'instructorStatus',
      label: 'Instructor status',
      allLabel: 'All instructor statuses',
      options: INSTRUCTOR_STATUSES.map((v) => ({ value: v, label: INSTRUCTOR_STATUS_LABELS[v] })),
    },
    {
      name: 'type',
      label: 'Type',
      allLabel: 'All types',
      options: INSTRUCTOR_TYPES.map((v) => ({ value: v, label: INSTRUCTOR_TYPE_LABELS[v] })),
    },
  ],
  statuses: INSTRUCTOR_ENROLLMENT_STATUSES,
  read: readInstructorApplications,
  head: (e) => <Person user={e.user} href={`${base}/${encodeURIComponent(e._id)}`} label={`${e.user.name}: application details`} />,
  columns: [
    { label: 'Type', cell: (e) => INSTRUCTOR_TYPE_LABELS[e.instructorType] ?? e.instructorType },
    {
      label: 'Grade',
      cell: (e) => (
        <>
          {e.grade}
          <span className="cell-note">{`${e.experienceYears} ${e.experienceYears === 1 ? 'year' : 'years'} of experience`}</span>
        </>
      ),
    },
    {
      label: 'Status',
      cell: (e) => <span className="enrollment-badges">{INSTRUCTOR_APPLICATIONS.badges(e)}</span>,
    },
    {
      label: 'Instructor ID',
      cell: (e) => (e.instructorId ? <code data-instructor-id="">{e.instructorId}</code> : <span className="muted">—</span>),
    },
  ],
  rowLabel: (e) => `the application of ${e.user.name}`,
  rowData: (e) => ({ 'data-status': e.enrollmentStatus, 'data-instructor-status': e.instructorStatus, 'data-email': e.user.email }),
  actions: (e, onOutcome) => <DecisionActions kind={INSTRUCTOR_APPLICATIONS} row={e} small onOutcome={onOutcome} />,
});

/** Applications to teach at `<base>`, one at `<base>/<id>`; the list keeps its filters while one is open. */
export default function InstructorApplicationsScreen(props: PanelScreenProps) {
  return <DecisionScreen<Row> {...props} kind={INSTRUCTOR_APPLICATIONS} config={config} noFilters={NO_FILTERS} />;
}
