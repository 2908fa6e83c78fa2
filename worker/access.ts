import type { AccessTable } from './lib/access-rule.ts';
import { certificatesAccess } from './features/certificates/certificates.access.ts';
import { waiversAccess } from './features/waivers/waivers.access.ts';
import { authAccess } from './features/auth/auth.access.ts';
import { alliancesAccess } from './features/alliances/alliances.access.ts';
import { assetsAccess } from './features/assets/assets.access.ts';
import { chartsAccess } from './features/charts/charts.access.ts';
import { mediaAccess } from './features/media/media.access.ts';
import { postsAccess } from './features/posts/posts.access.ts';
import { testimonialsAccess } from './features/testimonials/testimonials.access.ts';
import { classesAccess } from './features/classes/classes.access.ts';
import { coursesAccess } from './features/courses/courses.access.ts';
import { productsAccess } from './features/products/products.access.ts';
import { paymentsAccess } from './features/payments/payments.access.ts';
import { couponsAccess } from './features/coupons/coupons.access.ts';
import { eventsAccess } from './features/events/events.access.ts';
import { seminarsAccess } from './features/seminars/seminars.access.ts';
import { syllabusAccess } from './features/syllabus/syllabus.access.ts';
import { programsAccess } from './features/programs/programs.access.ts';
import { fileUploadsAccess } from './features/file-uploads/file-uploads.access.ts';
import { filesAccess } from './features/files/files.access.ts';
import { healthAccess } from './features/health/health.access.ts';
import { membershipsAccess } from './features/memberships/memberships.access.ts';
import { outboxAccess } from './features/outbox/outbox.access.ts';
import { adminEmailAccess } from './features/admin-email/admin-email.access.ts';
import { usersAccess } from './features/users/users.access.ts';
import { auditAccess } from './features/audit/audit.access.ts';
import { enquiriesAccess } from './features/enquiries/enquiries.access.ts';
import { ordersAccess } from './features/orders/orders.access.ts';
import { notificationsAccess } from './features/notifications/notifications.access.ts';
import { settingsAccess } from './features/settings/settings.access.ts';
import { uploadAccess } from './features/upload/upload.access.ts';
import { meetingsAccess } from './features/meetings/meetings.access.ts';
import { pushAccess } from './features/push/push.access.ts';
import { messagesAccess } from './features/messages/messages.access.ts';
import { enrollmentsAccess } from './features/enrollments/enrollments.access.ts';
import { membershipPurchasesAccess } from './features/membership-purchases/membership-purchases.access.ts';
import { instructorsAccess } from './features/instructors/instructors.access.ts';
import { socialPostsAccess } from './features/social-posts/social-posts.access.ts';
import { socialAccountsAccess } from './features/social-accounts/social-accounts.access.ts';
import { locationAccess } from './features/location/location.access.ts';
import { dashboardAccess } from './features/dashboard/dashboard.access.ts';
import { kioskAccess } from './features/kiosk/kiosk.access.ts';
import { sessionsAccess } from './features/sessions/sessions.access.ts';
import { attendanceAccess } from './features/attendance/attendance.access.ts';
import { bookingsAccess } from './features/bookings/bookings.access.ts';
import { attendanceReportsAccess } from './features/attendance-reports/attendance-reports.access.ts';
import { eligibilityAccess } from './features/eligibility/eligibility.access.ts';
import { ranksAccess } from './features/ranks/ranks.access.ts';
import { gradingsAccess } from './features/gradings/gradings.access.ts';
import { gradingResultsAccess } from './features/grading-results/grading-results.access.ts';
import { familyAccess } from './features/family/family.access.ts';
import { autopayAccess } from './features/autopay/autopay.access.ts';
import { billingAccess } from './features/billing/billing.access.ts';

/** Every /api route and who may call it. createApp() refuses to start if a route is missing here. */
export const ACCESS: AccessTable = {
  ...healthAccess,
  ...authAccess,
  ...usersAccess,
  ...auditAccess,
  ...enquiriesAccess,
  ...settingsAccess,
  ...uploadAccess,
  ...outboxAccess,
  ...adminEmailAccess,
  ...filesAccess,
  ...coursesAccess,
  ...productsAccess,
  ...paymentsAccess,
  ...couponsAccess,
  ...membershipsAccess,
  ...classesAccess,
  ...eventsAccess,
  ...seminarsAccess,
  ...assetsAccess,
  ...mediaAccess,
  ...chartsAccess,
  ...testimonialsAccess,
  ...alliancesAccess,
  ...postsAccess,
  ...syllabusAccess,
  ...programsAccess,
  ...fileUploadsAccess,
  ...ordersAccess,
  ...meetingsAccess,
  ...notificationsAccess,
  ...pushAccess,
  ...messagesAccess,
  ...enrollmentsAccess,
  ...membershipPurchasesAccess,
  ...instructorsAccess,
  ...socialPostsAccess,
  ...socialAccountsAccess,
  ...locationAccess,
  ...dashboardAccess,
  ...kioskAccess,
  ...sessionsAccess,
  ...attendanceAccess,
  ...bookingsAccess,
  ...attendanceReportsAccess,
  ...certificatesAccess,
  ...eligibilityAccess,
  ...ranksAccess,
  ...gradingsAccess,
  ...gradingResultsAccess,
  ...waiversAccess,
  ...familyAccess,
  ...autopayAccess,
  ...billingAccess,
};
