import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { PanelKey } from '#web/pages/panel/panels.ts';
import type { PanelScreen } from '#web/panel/screens.ts';

/** The school's screens live in the admin panel; the control panel keeps the platform's (users, settings, outbox, audit log). */
const ADMIN_PANELS: readonly PanelKey[] = ['admin'];
const PLATFORM_PANELS: readonly PanelKey[] = ['admin', 'control-panel'];
const screen = (
  route: string,
  label: string,
  load: PanelScreen['load'],
  more: Partial<Pick<PanelScreen, 'panels' | 'summary'>> = {},
): PanelScreen => ({
  route,
  label,
  load,
  roles: ADMIN_CAPABLE,
  panels: ADMIN_PANELS,
  ...more,
});
/** The school's communication screens are the grand master's too, in their own panel. */
const WITH_GRAND_MASTER: readonly PanelKey[] = [...ADMIN_PANELS, 'grand-master'];

/** The school's screens, for the admin-capable roles; each is its own lazily loaded chunk, so the panel island does not grow with them. */
export const ADMIN_SCREENS: readonly PanelScreen[] = [
  screen('enquiries', 'Enquiries', () => import('./enquiries/enquiries-screen.tsx')),
  screen('courses', 'Courses', () => import('./screens/courses.tsx')),
  screen('memberships', 'Memberships', () => import('./screens/memberships.tsx')),
  screen('classes', 'Classes', () => import('./screens/classes.tsx')),
  screen('sessions', 'Sessions', () => import('./sessions/sessions-screen.tsx'), {
    summary: 'The week of class sessions: add a one-off, change the instructor or places, cancel with a reason.',
  }),
  screen('roster', 'Roster', () => import('#web/panel/roster/today-screen.tsx'), {
    summary: "Today's classes and their rosters: mark who is present, late or absent, even without a connection.",
  }),
  screen('events', 'Events', () => import('./screens/events.tsx')),
  screen('seminars', 'Seminars', () => import('./screens/seminars.tsx')),
  screen('gallery', 'Gallery', () => import('./screens/gallery.tsx')),
  screen('media', 'Media attachments', () => import('./media/media-screen.tsx')),
  screen('organizational-chart', 'Organizational chart', () => import('./screens/charts.tsx')),
  screen('testimonials', 'Testimonials', () => import('./screens/testimonials.tsx')),
  screen('alliances', 'Alliances', () => import('./screens/alliances.tsx')),
  screen('posts', 'Posts', () => import('./screens/posts.tsx')),
  screen('syllabus', 'Syllabus', () => import('./screens/syllabus.tsx')),
  screen('programs', 'Programs', () => import('./programs/programs-screen.tsx'), {
    summary: 'Programs and their belt ladders: ranks in order, what each asks and the techniques it is examined on.',
  }),
  screen('file-uploads', 'File uploads', () => import('./screens/file-uploads.tsx')),
  screen('products', 'Shop products', () => import('./shop/products-screen.tsx')),
  screen('coupons', 'Coupons', () => import('./shop/coupons-screen.tsx')),
  // 'orders' is the student panel's "My orders"; the school's orders get their own route.
  screen('shop-orders', 'Orders', () => import('./orders/orders-screen.tsx')),
  screen('payments', 'Payments', () => import('./payments/payments-screen.tsx')),
  screen('billing', 'Billing', () => import('./billing/billing-admin-screen.tsx'), {
    summary: 'Automatic charges: due today, declined, past due; retry a charge; revenue per month for a year.',
  }),
  screen('families', 'Families', () => import('./families/families-screen.tsx'), {
    summary: 'Guardians and their children: find a family, link a child to a guardian, unlink one.',
  }),
  screen('waivers', 'Waivers', () => import('./waivers/waivers-screen.tsx'), {
    summary: 'Waiver documents and their versions, the one required before a first class, who signed and who is missing.',
  }),
  screen('attendance-reports', 'Attendance', () => import('./attendance-reports/attendance-reports-screen.tsx'), {
    summary: 'Attendance per class and per student, no-shows and a weekly chart, each as a CSV download.',
  }),
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
  screen('kiosks', 'Kiosks', () => import('./kiosks/kiosks-screen.tsx'), {
    summary: 'Check-in tablets at the door: register one, open its address on the tablet, revoke a lost one.',
  }),
  screen('gradings', 'Gradings', () => import('./gradings/gradings-screen.tsx'), {
    summary: 'Set up a grading, invite who is ready, take the fees, mark attendance, approve and finalize the results.',
  }),
  screen('certificates', 'Certificates', () => import('./certificates/certificates-screen.tsx'), {
    summary: 'Every rank certificate issued: download the PDF, open its public verify page, revoke one with a reason.',
  }),
  screen('ranks', 'Promotions', () => import('./promotions/promotions-screen.tsx'), {
    summary: "A member's rank history: promote, add a stripe, void a wrong award, grant attendance credits, import history.",
  }),
  screen('email', 'E-mail to users', () => import('./email/email-screen.tsx')),
  screen('settings', 'Settings', () => import('./settings/settings-screen.tsx'), { panels: PLATFORM_PANELS }),
  screen('outbox', 'E-mail outbox', () => import('./outbox/outbox-screen.tsx'), { panels: ['control-panel'] }),
  {
    ...screen('audit-log', 'Audit log', () => import('./audit/audit-screen.tsx'), {
      panels: ['control-panel'],
      summary: 'Who changed what, when and from where: every write by an admin-capable account.',
    }),
    roles: ['super-admin'],
  },
];
