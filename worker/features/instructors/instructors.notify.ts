/** What the school and the applicant hear about an application: in-app notices and an e-mail, after the answer (ctx.defer). */
import { INSTRUCTOR_TYPE_LABELS } from '#core/enrollments/enrollment-options.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import { ADMIN_CAPABLE } from '#core/roles.ts';
import type { MailMessage } from '#worker/lib/mailer.ts';
import { notify } from '#worker/lib/notify.ts';
import { decisionMail as kitDecisionMail } from '#worker/lib/enrolment/notice.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export type Decision = 'approved' | 'rejected' | 'suspended' | 'reactivated' | 'completed' | 'cancelled';

/** The applicant's own screen: in the instructor panel while they hold the role, else the student panel. */
export const applicantLink = (role: string) => `${role === 'instructor' ? '/instructor' : '/student'}/instructor-application`;
export const adminLink = (id: string) => `/admin/instructor-applications/${id}`;

/** POST /: the school hears of a new application, with a link to it. */
export function tellSchool(ctx: ServiceCtx, view: InstructorEnrollmentView) {
  ctx.defer('instructor application notice', () =>
    notify(
      ctx,
      { roles: ADMIN_CAPABLE },
      {
        title: 'New instructor application',
        body: `${view.user.name} applied as ${INSTRUCTOR_TYPE_LABELS[view.instructorType].toLowerCase()} (${view.grade})`,
        type: 'info',
        eventType: 'instructor_application',
        entityType: 'instructor_enrollment',
        entityId: view._id,
        data: { enrollmentId: view._id },
        actions: [{ action: 'view', title: 'Review application', url: adminLink(view._id) }],
      },
    ),
  );
}

const SENTENCES: Record<Decision, { title: string; text: (v: InstructorEnrollmentView) => string; type: 'success' | 'info' }> = {
  approved: {
    title: 'Instructor application approved',
    text: (v) =>
      `Your application to teach was approved. ${v.instructorId ? `Log in with your instructor ID ${v.instructorId} and your password.` : 'The school will tell you how to log in.'}`,
    type: 'success',
  },
  rejected: {
    title: 'Instructor application not accepted',
    text: (v) => `Your application to teach was not accepted: ${v.cancelReason ?? ''}`,
    type: 'info',
  },
  suspended: {
    title: 'Instructor access suspended',
    text: (v) => `Your instructor access is suspended: ${v.suspendReason ?? ''}`,
    type: 'info',
  },
  reactivated: {
    title: 'Instructor access restored',
    text: () => 'Your instructor access is active again. Please log in with your instructor ID.',
    type: 'success',
  },
  completed: {
    title: 'Instructor engagement completed',
    text: () => 'The school has marked your engagement as an instructor complete.',
    type: 'info',
  },
  cancelled: {
    title: 'Instructor application cancelled',
    text: (v) => `Your instructor application was cancelled: ${v.cancelReason ?? ''}`,
    type: 'info',
  },
};

/** The e-mail of a decision; every user-given word is escaped in the HTML. */
export function decisionMail(view: InstructorEnrollmentView, decision: Decision, origin: string): MailMessage {
  const s = SENTENCES[decision];
  const link = `${origin}${applicantLink(view.userRole)}`;
  const body = s.text(view);
  return kitDecisionMail({
    to: view.user.email,
    userId: view.user._id,
    name: view.user.name,
    subject: s.title,
    kind: `instructor-${decision}`,
    body,
    link,
    label: 'Details',
    linkText: 'View your application',
  });
}

/** Each decision: a notice in the bell (linking to the panel of the role they now hold) and an e-mail. */
export function tellApplicant(ctx: ServiceCtx, view: InstructorEnrollmentView, decision: Decision) {
  const s = SENTENCES[decision];
  ctx.defer(`instructor ${decision} notice`, () =>
    notify(ctx, [view.user._id], {
      title: s.title,
      body: s.text(view),
      type: s.type,
      eventType: `instructor_${decision}`,
      entityType: 'instructor_enrollment',
      entityId: view._id,
      data: { enrollmentId: view._id, enrollmentStatus: view.enrollmentStatus, instructorStatus: view.instructorStatus },
      actions: [{ action: 'view', title: 'View application', url: applicantLink(view.userRole) }],
    }),
  );
  ctx.defer(`mail instructor-${decision}`, () => ctx.mailer.send(decisionMail(view, decision, ctx.origin)));
}
