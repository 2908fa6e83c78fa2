import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';

/** Placeholder until the social media screen lands (issue 14). */
export default function SocialScreen(_props: AdminScreenProps) {
  return <p>Social media is coming.</p>;
}
