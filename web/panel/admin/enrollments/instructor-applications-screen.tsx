import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';

/** Instructor applications (issue 13; being built). */
export default function InstructorApplicationsScreen(_props: AdminScreenProps) {
  return <h1>Instructor applications</h1>;
}
