import { ROLES, type Role } from '#core/roles.ts';
import type { PanelKey } from '#web/pages/panel/panels.ts';
import { ADMIN_SCREENS } from './admin/screens.ts';
import type { PanelScreenModule } from './screen-props.ts';

/** A content screen of a panel: its route under the panel, nav label, chunk and who may open it. */
export type PanelScreen = {
  route: string;
  label: string;
  load: () => Promise<PanelScreenModule>;
  roles: readonly Role[];
  panels: readonly PanelKey[];
  /** One line for the panel home's card; screens without one are reached from the sidebar only. */
  summary?: string;
};

/** Each person's own screens: what they bought and joined, their messages, meetings and notifications. */
const PERSONAL_SCREENS: readonly PanelScreen[] = [
  {
    route: 'today',
    label: 'Today',
    load: () => import('./roster/today-screen.tsx'),
    roles: ['instructor', 'grandmaster'],
    panels: ['instructor', 'grand-master'],
    summary: 'Your classes today: mark who is present, late or absent, even without a connection.',
  },
  {
    route: 'ready',
    label: 'Ready to grade',
    load: () => import('./gradings/ready-screen.tsx'),
    roles: ['instructor', 'grandmaster'],
    panels: ['instructor', 'grand-master'],
    summary: 'Who is ready for their next belt and who is close: mark techniques passed, approve for grading.',
  },
  {
    route: 'examining',
    label: 'My gradings',
    load: () => import('./gradings/examining-screen.tsx'),
    roles: ['instructor', 'grandmaster'],
    panels: ['instructor', 'grand-master'],
    summary: 'The gradings you examine: confirm, score your candidates, see the results.',
  },
  {
    route: 'score-sheet',
    label: 'Score sheet',
    load: () => import('./gradings/score-sheet-screen.tsx'),
    roles: ['instructor', 'grandmaster'],
    panels: ['instructor', 'grand-master'],
  },
  {
    route: 'orders',
    label: 'My orders',
    load: () => import('./orders/my-orders-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'What you bought in the shop: status, payment, cancel before it ships.',
  },
  {
    route: 'classes',
    label: 'My classes',
    load: () => import('./bookings/my-classes-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'Book classes, see your place on a waitlist, cancel a booking.',
  },
  {
    route: 'courses',
    label: 'My courses',
    load: () => import('./enrollments/my-courses-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'Your course enrolments: approval, payment, term, renew or cancel.',
  },
  {
    route: 'memberships',
    label: 'My memberships',
    load: () => import('./enrollments/my-memberships-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'Your memberships: status, days left, renew or cancel.',
  },
  {
    route: 'family',
    label: 'Family',
    load: () => import('./family/family-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'Your children: add a child, book their classes, see their attendance, invite a second guardian.',
  },
  {
    route: 'waiver',
    label: 'Waiver',
    load: () => import('./waivers/waiver-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
  },
  {
    route: 'billing',
    label: 'Billing',
    load: () => import('./billing/billing-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'Your saved cards, autopay for each membership, upcoming charges and invoices with receipts.',
  },
  {
    route: 'attendance',
    label: 'My attendance',
    load: () => import('./attendance/my-attendance-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'The classes you attended: a chart per month and counts per class.',
  },
  {
    route: 'progress',
    label: 'My belt',
    load: () => import('./progress/my-progress-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'Your belt, the next one and what it still asks, the next grading, your belts so far and certificates.',
  },
  {
    route: 'instructor-application',
    label: 'Teach at the dojo',
    load: () => import('./enrollments/my-applications-screen.tsx'),
    roles: ['student', 'member', 'instructor'],
    panels: ['student', 'instructor'],
    summary: 'Your application to teach and its status.',
  },
  // Students, members and instructors talk to the school and see the meetings meant for them.
  {
    route: 'messages',
    label: 'Messages',
    load: () => import('./messages/my-messages-screen.tsx'),
    roles: ['student', 'member', 'instructor'],
    panels: ['student', 'instructor'],
    summary: 'Write to the school and read its answers and announcements.',
  },
  {
    route: 'meetings',
    label: 'Meetings',
    load: () => import('./meetings/my-meetings-screen.tsx'),
    roles: ['student', 'member', 'instructor'],
    panels: ['student', 'instructor'],
    summary: 'Online classes and meetings for you, with the link to join when they start.',
  },
  {
    route: 'check-in',
    label: 'Check-in',
    load: () => import('./check-in/check-in-screen.tsx'),
    roles: ['student', 'member', 'instructor'],
    panels: ['student', 'instructor'],
    summary: 'Your QR code for the dojo’s check-in kiosk, and a PIN for its keypad.',
  },
  // The admin's `syllabus` route (the editor) lives only in the admin and control panels: no clash here.
  {
    route: 'syllabus',
    label: 'Syllabus',
    load: () => import('./syllabus/syllabus-screen.tsx'),
    roles: ['student', 'member', 'instructor', 'grandmaster'],
    panels: ['student', 'instructor', 'grand-master'],
    summary: 'What to learn for your grade: techniques, kata, files and links.',
  },
  {
    route: 'profile',
    label: 'My profile',
    load: () => import('./profile/profile-screen.tsx'),
    roles: ROLES,
    panels: ['student', 'instructor', 'grand-master', 'admin', 'control-panel'],
  },
  {
    route: 'notifications',
    label: 'Notifications',
    load: () => import('./notifications/notifications-screen.tsx'),
    roles: ROLES,
    panels: ['student', 'instructor', 'grand-master', 'admin', 'control-panel'],
  },
];

/** Every screen of every panel, in sidebar order: the school's (admin) screens, then each person's own. */
export const PANEL_SCREENS: readonly PanelScreen[] = [...ADMIN_SCREENS, ...PERSONAL_SCREENS];

export const screensFor = (panel: PanelKey, role: Role) => PANEL_SCREENS.filter((s) => s.panels.includes(panel) && s.roles.includes(role));

/** The screen a panel route (`courses/abc`) belongs to, if this user may open it. */
export function screenFor(panel: PanelKey, role: Role, route: string): PanelScreen | null {
  const head = route.split('/')[0] ?? '';
  return screensFor(panel, role).find((s) => s.route === head) ?? null;
}
