import type { AdminScreenProps } from '#web/panel/admin/screen-props.ts';

/** Placeholder until the screen lands (replaced in this issue). */
export default function Screen(_props: AdminScreenProps) {
  return (
    <div className="panel-screen">
      <h1>Coming</h1>
    </div>
  );
}
