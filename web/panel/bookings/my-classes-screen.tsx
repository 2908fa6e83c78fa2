import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { ClassBookings } from './class-bookings.tsx';

/** "My classes" of the student and member panels: the caller's own places and the sessions to book. */
export default function MyClassesScreen(_props: PanelScreenProps) {
  return <ClassBookings title="My classes" />;
}
