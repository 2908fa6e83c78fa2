import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';

/** Membership enrolments (issue 13; being built). */
export default function MembershipEnrollmentsScreen(_props: AdminScreenProps) {
  return <h1>Membership enrolments</h1>;
}
