import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';

/** My courses (issue 13; being built). */
export default function MyCoursesScreen(_props: AdminScreenProps) {
  return <h1>My courses</h1>;
}
