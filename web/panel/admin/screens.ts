import { ADMIN_CAPABLE, ROLES, type Role } from '#core/roles.ts';
import type { PanelKey } from '#web/pages/panel/panels.ts';
import type { AdminScreenModule } from './screen-props.ts';

/** A content screen of the admin panels: its route under the panel, nav label, chunk and who may open it. */
export type AdminScreenEntry = {
  route: string;
  label: string;
  load: () => Promise<AdminScreenModule>;
  roles: readonly Role[];
  panels: readonly PanelKey[];
  /** One line for the panel home's card; screens without one are reached from the sidebar only. */
  summary?: string;
};

const ADMIN_PANELS: readonly PanelKey[] = ['admin', 'control-panel'];
const screen = (
  route: string,
  label: string,
  load: AdminScreenEntry['load'],
  more: Partial<Pick<AdminScreenEntry, 'panels' | 'summary'>> = {},
): AdminScreenEntry => ({
  route,
  label,
  load,
  roles: ADMIN_CAPABLE,
  panels: ADMIN_PANELS,
  ...more,
});
/** The school's communication screens are the grand master's too, in their own panel. */
const WITH_GRAND_MASTER: readonly PanelKey[] = [...ADMIN_PANELS, 'grand-master'];

/** Each screen is its own lazily loaded chunk, so the panel island does not grow with them. */
export const ADMIN_SCREENS: readonly AdminScreenEntry[] = [
  screen('enquiries', 'Enquiries', () => import('./enquiries/enquiries-screen.tsx')),
  screen('courses', 'Courses', () => import('./screens/courses.tsx')),
  screen('memberships', 'Memberships', () => import('./screens/memberships.tsx')),
  screen('classes', 'Classes', () => import('./screens/classes.tsx')),
  screen('events', 'Events', () => import('./screens/events.tsx')),
  screen('seminars', 'Seminars', () => import('./screens/seminars.tsx')),
  screen('gallery', 'Gallery', () => import('./screens/gallery.tsx')),
  screen('media', 'Media attachments', () => import('./media/media-screen.tsx')),
  screen('organizational-chart', 'Organizational chart', () => import('./screens/charts.tsx')),
  screen('testimonials', 'Testimonials', () => import('./screens/testimonials.tsx')),
  screen('alliances', 'Alliances', () => import('./screens/alliances.tsx')),
  screen('posts', 'Posts', () => import('./screens/posts.tsx')),
  screen('syllabus', 'Syllabus', () => import('./screens/syllabus.tsx')),
  screen('file-uploads', 'File uploads', () => import('./screens/file-uploads.tsx')),
  screen('products', 'Shop products', () => import('./shop/products-screen.tsx')),
  screen('coupons', 'Coupons', () => import('./shop/coupons-screen.tsx')),
  // 'orders' is the student panel's "My orders"; the school's orders get their own route.
  screen('shop-orders', 'Orders', () => import('./orders/orders-screen.tsx')),
  screen('payments', 'Payments', () => import('./payments/payments-screen.tsx')),
  screen('course-enrollments', 'Course enrolments', () => import('./enrollments/course-enrollments-screen.tsx'), {
    panels: WITH_GRAND_MASTER,
    summary: 'Approve or reject enrolments in courses; see who paid.',
  }),
  screen('membership-enrollments', 'Membership enrolments', () => import('./enrollments/membership-enrollments-screen.tsx'), {
    panels: WITH_GRAND_MASTER,
    summary: 'Membership purchases and renewals: documents, approval, expiry.',
  }),
  screen('instructor-applications', 'Instructor applications', () => import('./enrollments/instructor-applications-screen.tsx'), {
    panels: WITH_GRAND_MASTER,
    summary: 'Applications to teach: approve, reject, suspend, reactivate.',
  }),
  screen('messages', 'Messages', () => import('#web/panel/messages/school-inbox-screen.tsx'), {
    panels: WITH_GRAND_MASTER,
    summary: 'Conversations with students, members and instructors; broadcasts to everyone or by role.',
  }),
  screen('meetings', 'Meetings', () => import('#web/panel/meetings/meetings-admin-screen.tsx'), {
    panels: WITH_GRAND_MASTER,
    summary: 'Schedule online classes and meetings, and tell the people they are for.',
  }),
  screen('social', 'Social media', () => import('./social/social-screen.tsx'), {
    summary: 'Post once to Facebook, Instagram, LinkedIn, TikTok, X and YouTube; connected accounts and results.',
  }),
  screen('email', 'E-mail to users', () => import('./email/email-screen.tsx')),
  screen('settings', 'Settings', () => import('./settings/settings-screen.tsx')),
  {
    route: 'orders',
    label: 'My orders',
    load: () => import('#web/panel/orders/my-orders-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'What you bought in the shop: status, payment, cancel before it ships.',
  },
  {
    route: 'courses',
    label: 'My courses',
    load: () => import('#web/panel/enrollments/my-courses-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'Your course enrolments: approval, payment, term, renew or cancel.',
  },
  {
    route: 'memberships',
    label: 'My memberships',
    load: () => import('#web/panel/enrollments/my-memberships-screen.tsx'),
    roles: ['student', 'member'],
    panels: ['student'],
    summary: 'Your memberships: status, days left, renew or cancel.',
  },
  {
    route: 'instructor-application',
    label: 'Teach at the dojo',
    load: () => import('#web/panel/enrollments/my-applications-screen.tsx'),
    roles: ['student', 'member', 'instructor'],
    panels: ['student', 'instructor'],
    summary: 'Your application to teach and its status.',
  },
  // Students, members and instructors talk to the school and see the meetings meant for them.
  {
    route: 'messages',
    label: 'Messages',
    load: () => import('#web/panel/messages/my-messages-screen.tsx'),
    roles: ['student', 'member', 'instructor'],
    panels: ['student', 'instructor'],
    summary: 'Write to the school and read its answers and announcements.',
  },
  {
    route: 'meetings',
    label: 'Meetings',
    load: () => import('#web/panel/meetings/my-meetings-screen.tsx'),
    roles: ['student', 'member', 'instructor'],
    panels: ['student', 'instructor'],
    summary: 'Online classes and meetings for you, with the link to join when they start.',
  },
  {
    route: 'notifications',
    label: 'Notifications',
    load: () => import('#web/panel/notifications/notifications-screen.tsx'),
    roles: ROLES,
    panels: ['student', 'instructor', 'grand-master', 'admin', 'control-panel'],
  },
];

export const adminScreensFor = (panel: PanelKey, role: Role) =>
  ADMIN_SCREENS.filter((s) => s.panels.includes(panel) && s.roles.includes(role));

/** The screen a panel route (`courses/abc`) belongs to, if this user may open it. */
export function adminScreenFor(panel: PanelKey, role: Role, route: string): AdminScreenEntry | null {
  const head = route.split('/')[0] ?? '';
  return adminScreensFor(panel, role).find((s) => s.route === head) ?? null;
}
