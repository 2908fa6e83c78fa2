import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';

/** Course enrolments (issue 13; being built). */
export default function CourseEnrollmentsScreen(_props: AdminScreenProps) {
  return <h1>Course enrolments</h1>;
}
