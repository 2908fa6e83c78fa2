import { useEffect, useState } from 'react';
import { INSTRUCTOR_ENROLLMENT_STATUSES, INSTRUCTOR_STATUS_LABELS, INSTRUCTOR_STATUSES } from '#core/enrollments/enrollment-status.ts';
import { INSTRUCTOR_TYPE_LABELS, INSTRUCTOR_TYPES } from '#core/enrollments/enrollment-options.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { readInstructorApplications, type ListQuery } from './enrollments-api.ts';
import { EnrollmentList, type ListConfig } from './enrollment-list.tsx';
import { InstructorActions } from './instructor-actions.tsx';
import { InstructorApplicationDetail } from './instructor-application-detail.tsx';
import { InstructorBadge, Person, statusLabel, StatusBadge } from './enrollment-parts.tsx';

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
    {
      name: 'status',
      label: 'Status',
      allLabel: 'All statuses',
      options: INSTRUCTOR_ENROLLMENT_STATUSES.map((v) => ({ value: v, label: statusLabel(v) })),
    },
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
      cell: (e) => (
        <span className="enrollment-badges">
          <StatusBadge status={e.enrollmentStatus} />
          <InstructorBadge status={e.instructorStatus} />
        </span>
      ),
    },
    {
      label: 'Instructor ID',
      cell: (e) => (e.instructorId ? <code data-instructor-id="">{e.instructorId}</code> : <span className="muted">—</span>),
    },
  ],
  rowLabel: (e) => `the application of ${e.user.name}`,
  rowData: (e) => ({ 'data-status': e.enrollmentStatus, 'data-instructor-status': e.instructorStatus, 'data-email': e.user.email }),
  actions: (e, onOutcome) => <InstructorActions row={e} small onOutcome={onOutcome} />,
});

/** Applications to teach at `<base>`, one at `<base>/<id>`; the list keeps its filters while one is open. */
export default function InstructorApplicationsScreen({ base, path }: PanelScreenProps) {
  const [query, setQuery] = useState<ListQuery>(NO_FILTERS);
  const [flash, setFlash] = useState('');
  const [list] = useState(() => config(base));
  const [sub] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (sub) return <InstructorApplicationDetail base={base} id={decodeURIComponent(sub)} onDeleted={setFlash} />;
  return <EnrollmentList config={list} query={query} setQuery={setQuery} flash={flash} />;
}
