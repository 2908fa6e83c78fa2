import { Hono } from 'hono';
import { ACCESS } from './access.ts';
import type { AppEnv } from './env.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { alliancesRoutes } from './features/alliances/alliances.routes.ts';
import { assetsRoutes } from './features/assets/assets.routes.ts';
import { chartsRoutes } from './features/charts/charts.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { postsRoutes } from './features/posts/posts.routes.ts';
import { testimonialsRoutes } from './features/testimonials/testimonials.routes.ts';
import { classesRoutes } from './features/classes/classes.routes.ts';
import { coursesRoutes } from './features/courses/courses.routes.ts';
import { productsRoutes } from './features/products/products.routes.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import { couponsRoutes } from './features/coupons/coupons.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { seminarsRoutes } from './features/seminars/seminars.routes.ts';
import { syllabusRoutes } from './features/syllabus/syllabus.routes.ts';
import { programsRoutes } from './features/programs/programs.routes.ts';
import { fileUploadsRoutes } from './features/file-uploads/file-uploads.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { membershipsRoutes } from './features/memberships/memberships.routes.ts';
import { outboxRoutes } from './features/outbox/outbox.routes.ts';
import { adminEmailRoutes } from './features/admin-email/admin-email.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { enquiriesRoutes } from './features/enquiries/enquiries.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { uploadRoutes } from './features/upload/upload.routes.ts';
import { meetingsRoutes } from './features/meetings/meetings.routes.ts';
import { socialPostsRoutes } from './features/social-posts/social-posts.routes.ts';
import { socialAccountsRoutes } from './features/social-accounts/social-accounts.routes.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { enrollmentsRoutes } from './features/enrollments/enrollments.routes.ts';
import { membershipPurchasesRoutes } from './features/membership-purchases/membership-purchases.routes.ts';
import { instructorsRoutes } from './features/instructors/instructors.routes.ts';
import { locationRoutes } from './features/location/location.routes.ts';
import { dashboardRoutes } from './features/dashboard/dashboard.routes.ts';
import { checkInRoutes, kioskRoutes } from './features/kiosk/kiosk.routes.ts';
import { sessionsRoutes } from './features/sessions/sessions.routes.ts';
import { attendanceRoutes } from './features/attendance/attendance.routes.ts';
import { bookingsRoutes, sessionBookingsRoutes } from './features/bookings/bookings.routes.ts';
import { attendanceReportsRoutes } from './features/attendance-reports/attendance-reports.routes.ts';
import { certificatesRoutes } from './features/certificates/certificates.routes.ts';
import { verifyRoutes } from './features/certificates/verify.routes.tsx';
import { waiversRoutes } from './features/waivers/waivers.routes.ts';
import { eligibilityRoutes } from './features/eligibility/eligibility.routes.ts';
import { ranksRoutes } from './features/ranks/ranks.routes.ts';
import { gradingsRoutes } from './features/gradings/gradings.routes.ts';
import { gradingResultsRoutes } from './features/grading-results/grading-results.routes.ts';
import { familyRoutes, familyStaffRoutes } from './features/family/family.routes.ts';
import { autopayRoutes } from './features/autopay/autopay.routes.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { auditWrites } from './middleware/audit.ts';
import { authorize } from './middleware/auth.ts';
import { limitBodies } from './middleware/body-limit.ts';
import { compressText } from './middleware/compress.ts';
import { context } from './middleware/context.ts';
import { apiNotFound, onError } from './middleware/errors.ts';
import { requestId } from './middleware/request-id.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { serviceContextMiddleware } from './middleware/service-context.ts';
import { memoizedRouter } from './lib/static-match-memo.ts';
import { pageRoutes } from './pages/page.routes.ts';

export function createApp() {
  const api = new Hono<AppEnv>()
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    // Before the users feature, whose /users/:id routes share the prefix (issue 26).
    .route('/', familyStaffRoutes)
    .route('/users', usersRoutes)
    .route('/audit-log', auditRoutes)
    .route('/enquiries', enquiriesRoutes)
    .route('/settings', settingsRoutes)
    .route('/upload', uploadRoutes)
    .route('/admin/outbox', outboxRoutes)
    .route('/admin/email', adminEmailRoutes)
    .route('/files', filesRoutes)
    .route('/assets', assetsRoutes)
    .route('/media', mediaRoutes)
    .route('/organizational-chart', chartsRoutes)
    .route('/testimonials', testimonialsRoutes)
    .route('/allience', alliancesRoutes)
    .route('/alliance', alliancesRoutes)
    .route('/posts', postsRoutes)
    .route('/courses', coursesRoutes)
    .route('/products', productsRoutes)
    .route('/payments', paymentsRoutes)
    .route('/coupons', couponsRoutes)
    .route('/memberships', membershipsRoutes)
    .route('/classes', classesRoutes)
    .route('/events', eventsRoutes)
    .route('/seminars', seminarsRoutes)
    .route('/syllabus', syllabusRoutes)
    .route('/programs', programsRoutes)
    .route('/file-uploads', fileUploadsRoutes)
    .route('/orders', ordersRoutes)
    .route('/zoom-meetings', meetingsRoutes)
    .route('/social-media', socialPostsRoutes)
    .route('/social-media', socialAccountsRoutes)
    // Web Push owns /notifications/vapid-key and /notifications/push/*; mounted before the
    // notifications feature so none of its parameter routes (/:id) can claim those paths.
    .route('/notifications', pushRoutes)
    .route('/notifications', notificationsRoutes)
    .route('/messages', messagesRoutes)
    .route('/enroll', enrollmentsRoutes)
    .route('/purchase-membership', membershipPurchasesRoutes)
    .route('/instructors', instructorsRoutes)
    .route('/location', locationRoutes)
    .route('/dashboard', dashboardRoutes)
    .route('/kiosk', kioskRoutes)
    .route('/attendance', checkInRoutes)
    .route('/sessions', sessionsRoutes)
    // Before the attendance feature's own router on the same prefix (issue 24).
    .route('/attendance', attendanceReportsRoutes)
    // Its paths sit under /attendance, /sessions/:id/roster and /users/:id/attendance.
    .route('/', attendanceRoutes)
    .route('/sessions', sessionBookingsRoutes)
    .route('/bookings', bookingsRoutes)
    .route('/certificates', certificatesRoutes)
    // Issue 25: /students/:id/eligibility, /programs/:slug/ready; the rank ledger under /students/:id, /student-ranks, /ranks.
    .route('/', eligibilityRoutes)
    .route('/', ranksRoutes)
    .route('/gradings', gradingsRoutes)
    .route('/gradings', gradingResultsRoutes)
    .route('/waivers', waiversRoutes)
    .route('/family', familyRoutes)
    .route('/admin/billing', autopayRoutes)
    .route('/billing', billingRoutes);

  // Not strict: the spec's client calls some paths with a trailing slash (GET /courses/, POST /orders/).
  const app = new Hono<AppEnv>({ strict: false, router: memoizedRouter() });
  app.use('*', compressText, requestId, securityHeaders, context);
  // Before authorize, so the writes it refuses an admin-capable caller are recorded too.
  app.use('/api/*', auditWrites, authorize(ACCESS));
  app.use('*', limitBodies);
  app.use('*', serviceContextMiddleware);
  app.route('/api', api);
  app.all('/api/*', apiNotFound);
  app.route('/', verifyRoutes);
  app.route('/', pageRoutes);
  app.onError(onError);
  assertAccessTableCovers(app);
  return app;
}

/** A route without an access rule is a bug that must fail at start-up (and so in every test). */
export function apiRouteKeys(app: Hono<AppEnv>): string[] {
  return app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
}

function assertAccessTableCovers(app: Hono<AppEnv>) {
  const missing = apiRouteKeys(app).filter((k) => !ACCESS[k]);
  if (missing.length) throw new Error(`Routes missing from the access table: ${missing.join(', ')}`);
}
