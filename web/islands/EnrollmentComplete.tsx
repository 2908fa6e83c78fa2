import { useEffect, useState } from 'react';
import { ENROLLMENT_PAYMENT_LABELS, ENROLLMENT_STATUS_LABELS } from '#core/enrollments/enrollment-status.ts';
import type { CourseEnrollmentView, MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { errorMessage } from '#web/lib/api.ts';
import {
  coursePaymentMethods,
  membershipPaymentMethods,
  myCourseEnrollments,
  myMembershipEnrollments,
  readCourseEnrollment,
  readMembershipEnrollment,
  payMembershipAgain,
  retryCoursePayment,
  verifyCoursePayment,
  verifyMembershipPayment,
  type PaymentProof,
} from '#web/lib/enrollment-api.ts';
import { clearCourseForm, clearMembershipForm } from '#web/lib/enrollment-storage.ts';
import { chosenMethod } from '#web/lib/shop-api.ts';
import { goToGateway } from '#web/pages/public/enrollment/enrollment-kit.tsx';
import { proofInQuery, ReturnProblem, type ReturnView } from '#web/components/shop/payment-return.tsx';

type Kind = 'course' | 'membership';
type Enrollment = CourseEnrollmentView | MembershipEnrollmentView;

const PANEL: Record<Kind, { href: string; label: string }> = {
  course: { href: '/student/courses', label: 'See my courses' },
  membership: { href: '/student/memberships', label: 'See my memberships' },
};

const nameOf = (e: Enrollment) => ('course' in e ? e.course.title : `${e.membership.name}, ${e.plan.name}`);

/**
 * Where the gateway sends the payer back (`?enrollmentId=` or `?renewalId=` with its proof): the proof
 * goes to verify-payment; verified, the saved form goes and the stored list is refreshed (spec 4).
 * Nothing to pay (a free enrolment) comes here without proof and is simply read back.
 */
export default function EnrollmentComplete({ kind }: { kind: Kind }) {
  const [view, setView] = useState<ReturnView<Enrollment>>({ kind: 'checking' });
  const [ids, setIds] = useState({ enrollmentId: '', renewalId: '' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const enrollmentId = q.get('enrollmentId') ?? '';
    const renewalId = q.get('renewalId') ?? '';
    setIds({ enrollmentId, renewalId });
    if (q.get('declined') || q.get('cancelled')) return setView({ kind: 'declined' });
    const { sessionId, paymentId, signature } = proofInQuery(q);
    if (!enrollmentId && !renewalId)
      return setView({ kind: 'failed', message: 'The enrolment is missing from this link. See your enrolments in your panel.' });
    const finish = (enrollment: Enrollment) => {
      if (kind === 'course') {
        clearCourseForm();
        void myCourseEnrollments().catch(() => undefined);
      } else {
        clearMembershipForm();
        void myMembershipEnrollments().catch(() => undefined);
      }
      setView({ kind: 'done', value: enrollment });
    };
    const fail = (err: unknown) => setView({ kind: 'failed', message: errorMessage(err) });
    if (!sessionId) {
      // No payment proof: only an enrolment with nothing to pay (or already paid) is complete.
      if (!enrollmentId) return setView({ kind: 'failed', message: failedVerification(kind) });
      const read = kind === 'course' ? readCourseEnrollment(enrollmentId) : readMembershipEnrollment(enrollmentId);
      read.then((body) => {
        const e = body.data as Enrollment | undefined;
        if (e && (e.paymentStatus === 'free' || e.paymentStatus === 'paid')) finish(e);
        else setView({ kind: 'failed', message: failedVerification(kind) });
      }, fail);
      return;
    }
    const proof: PaymentProof = {
      ...(renewalId ? { renewalId } : { enrollmentId }),
      sessionId,
      paymentId,
      signature,
    };
    const verify = kind === 'course' ? verifyCoursePayment(proof) : verifyMembershipPayment(proof);
    verify.then((body) => finish(body.data!.enrollment), fail);
  }, [kind]);

  async function retry() {
    setBusy(true);
    try {
      if (kind === 'course') {
        const current = await readCourseEnrollment(ids.enrollmentId);
        const methods = await coursePaymentMethods();
        const body = await retryCoursePayment(ids.enrollmentId, current.data?.course._id ?? '', chosenMethod(methods.availableGateways));
        await goToGateway(body.data!.payment!, 'Course enrolment');
      } else {
        const methods = await membershipPaymentMethods();
        const body = await payMembershipAgain(ids.enrollmentId, chosenMethod(methods.availableGateways));
        await goToGateway(body.data!.payment!, 'Membership');
      }
    } catch (err) {
      setView({ kind: 'failed', message: errorMessage(err) });
      setBusy(false);
    }
  }

  const panel = PANEL[kind];
  if (view.kind !== 'done')
    return (
      <ReturnProblem view={view} declined="The payment was not completed. Your enrolment is kept for 7 days: you can try again.">
        <div className="btn-row">
          {ids.enrollmentId && !ids.renewalId && (
            <button type="button" className="btn btn-primary" onClick={retry} disabled={busy}>
              {busy ? 'Opening the payment…' : 'Try again'}
            </button>
          )}
          <a className="btn btn-secondary" href={panel.href}>
            {panel.label}
          </a>
        </div>
      </ReturnProblem>
    );
  const e = view.value;
  const waiting = e.enrollmentStatus === 'pending_approval';
  return (
    <div className="order-done" data-ready="">
      <p role="status" className="form-success">
        {e.paymentStatus === 'paid' ? 'Thank you! Your payment is received' : 'Thank you! Your enrolment is registered'} for{' '}
        <strong>{nameOf(e)}</strong>.
      </p>
      <dl className="enrol-facts">
        <div>
          <dt>Enrolment</dt>
          <dd>{ENROLLMENT_STATUS_LABELS[e.enrollmentStatus]}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{ENROLLMENT_PAYMENT_LABELS[e.paymentStatus]}</dd>
        </div>
      </dl>
      <p>
        {waiting
          ? 'The school will review your enrolment and let you know once it is approved.'
          : e.enrollmentStatus === 'active'
            ? 'You are all set: see you on the mat.'
            : 'The school has your enrolment.'}
      </p>
      <a className="btn btn-primary" href={panel.href}>
        {panel.label}
      </a>
    </div>
  );
}

const failedVerification = (kind: Kind) => (kind === 'course' ? 'Payment verification failed' : 'Membership payment verification failed');
