import { eq } from 'drizzle-orm';
import { profileName } from '#core/users/person-name.ts';
import { users } from '#db/schema/index.ts';
import { notify } from '#worker/lib/notify.ts';
import { decisionMail } from '#worker/lib/enrolment/notice.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export type EnrollmentNotice = 'approved' | 'active' | 'rejected' | 'cancelled';

const WORDS: Record<EnrollmentNotice, { title: string; type: 'success' | 'info'; body: (course: string) => string }> = {
  approved: {
    title: 'Enrolment approved',
    type: 'success',
    body: (c) => `Your enrolment in ${c} was approved. Please complete the payment.`,
  },
  active: { title: 'Enrolment approved', type: 'success', body: (c) => `Your enrolment in ${c} was approved. See you in class!` },
  rejected: { title: 'Enrolment not accepted', type: 'info', body: (c) => `Your enrolment in ${c} was not accepted.` },
  cancelled: { title: 'Enrolment cancelled', type: 'info', body: (c) => `Your enrolment in ${c} was cancelled by the school.` },
};

/** After the response (ctx.defer): the user hears of the school's decision in the page, by push and by e-mail. */
export function noticeToUser(
  ctx: ServiceCtx,
  e: { id: string; userId: string; courseTitle: string },
  notice: EnrollmentNotice,
  reason?: string | null,
) {
  ctx.defer(`course enrolment ${notice} notice`, async () => {
    const words = WORDS[notice];
    // An approval carries the school's note, a refusal or cancellation its reason.
    const label = notice === 'approved' || notice === 'active' ? 'Note from the school' : 'Reason';
    const body = `${words.body(e.courseTitle)}${reason ? ` ${label}: ${reason}` : ''}`;
    await notify(ctx, [e.userId], {
      title: words.title,
      body,
      type: words.type,
      eventType: `course_enrollment_${notice}`,
      entityType: 'course_enrollment',
      entityId: e.id,
      data: { enrollmentId: e.id },
      actions: [{ action: 'view', title: 'My courses', url: '/student/courses' }],
    });
    const user = await ctx.db.select({ email: users.email, profile: users.profile }).from(users).where(eq(users.id, e.userId)).get();
    if (!user) return;
    const name = profileName(user.profile, user.email);
    const link = `${ctx.origin}/student/courses`;
    await ctx.mailer.send(
      decisionMail({
        to: user.email,
        userId: e.userId,
        name,
        subject: `${words.title}: ${e.courseTitle}`,
        kind: `course-enrollment-${notice}`,
        body,
        link,
        label: 'Your courses',
        linkText: 'Your courses',
      }),
    );
  });
}
