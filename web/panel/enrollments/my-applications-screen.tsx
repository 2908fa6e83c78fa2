import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';

/** My instructor application (issue 13; being built). */
export default function MyApplicationsScreen(_props: AdminScreenProps) {
  return <h1>My instructor application</h1>;
}
