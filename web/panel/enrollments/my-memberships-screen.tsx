import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';

/** My memberships (issue 13; being built). */
export default function MyMembershipsScreen(_props: AdminScreenProps) {
  return <h1>My memberships</h1>;
}
