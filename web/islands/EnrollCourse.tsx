import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '#core/money.ts';
import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import { ENROLLMENT_PAYMENT_LABELS, ENROLLMENT_STATUS_LABELS, LIVE_COURSE_STATUSES } from '#core/enrollments/enrollment-status.ts';
import type { CourseEnrollmentView, CoursePriceView } from '#core/enrollments/views.ts';
import type { PaymentGatewayName } from '#core/shop/shop-options.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { couponFailure } from '#web/lib/coupon-errors.ts';
import { coursePaymentMethods, coursePrice, enrollInCourse, myCourseEnrollments, retryCoursePayment } from '#web/lib/enrollment-api.ts';
import {
  saveCurrentEnrollment,
  savedEnrollmentCoupon,
  savedEnrollmentForm,
  saveEnrollmentCoupon,
  saveEnrollmentForm,
} from '#web/lib/enrollment-storage.ts';
import { rememberMethod } from '#web/lib/shop-api.ts';
import { CodeBox, type Notice } from '#web/components/shop/coupon-box.tsx';
import {
  cents,
  goToGateway,
  MethodChoice,
  MoneyLines,
  outsiderView,
  useLiveEnrollment,
  usePaymentMethod,
  useViewer,
} from '#web/pages/public/enrollment/enrollment-kit.tsx';
import { courseEnrolHref } from '#web/pages/public/links.ts';

type Props = { courseId: string; slug: string; title: string };

const courseOf = (e: CourseEnrollmentView) => e.course._id;
const completeHref = (enrollmentId: string) => `/enroll/complete?enrollmentId=${encodeURIComponent(enrollmentId)}`;
const NO_NOTICE: Notice = { text: '', error: false };

/**
 * The course page's enrolment: visitors get login links that come back here with the form open;
 * students and members see the server's price, a coupon box, the payment methods and "Enrol and pay";
 * someone already enrolled sees their enrolment (and "Pay now" while it is unpaid).
 */
export default function EnrollCourse({ courseId, slug, title }: Props) {
  const viewer = useViewer();
  const existing = useLiveEnrollment(viewer, myCourseEnrollments, courseOf, courseId, LIVE_COURSE_STATUSES);
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState('');

  useEffect(() => {
    if (viewer?.kind === 'learner' || viewer?.kind === 'instructor')
      setOpen(new URLSearchParams(window.location.search).get('enroll') === '1');
  }, [viewer]);

  const outsider = outsiderView(viewer, {
    next: courseEnrolHref(slug),
    action: 'enrol',
    visitorNote: 'Log in or create a free account to enrol and pay online.',
    staffNote: 'You are signed in with a staff account. Students and members enrol here; staff manage enrolments in the admin panel.',
  });
  if (outsider) return outsider;
  if (existing === undefined) return <p role="status">Checking your enrolments…</p>;
  if (existing) return <Enrolled enrollment={existing} onAlert={setAlert} alert={alert} />;
  if (!open)
    return (
      <button type="button" className="btn btn-primary btn-block" data-ready="" onClick={() => setOpen(true)}>
        Enrol
      </button>
    );
  return <EnrolForm courseId={courseId} title={title} />;
}

/** A live enrolment: its state in words, and a payment retry while it is unpaid. */
function Enrolled({ enrollment, alert, onAlert }: { enrollment: CourseEnrollmentView; alert: string; onAlert: (m: string) => void }) {
  const unpaid = enrollment.canPay && enrollment.paymentStatus === 'pending';
  const { methods, method, setMethod } = usePaymentMethod(coursePaymentMethods, undefined, unpaid);
  const [busy, setBusy] = useState(false);

  async function payNow() {
    setBusy(true);
    onAlert('');
    try {
      rememberMethod(method as PaymentGatewayName);
      const body = await retryCoursePayment(enrollment._id, enrollment.course._id ?? '', method as PaymentGatewayName);
      saveCurrentEnrollment({ kind: 'course', enrollmentId: enrollment._id, courseId: enrollment.course._id ?? '' });
      const payment = body.data?.payment;
      if (payment) await goToGateway(payment, `Course: ${enrollment.course.title}`);
      else window.location.assign(completeHref(enrollment._id));
    } catch (err) {
      onAlert(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div className="enrol-status" data-ready="">
      <p role="status">
        You are enrolled in this course: <strong>{ENROLLMENT_STATUS_LABELS[enrollment.enrollmentStatus]}</strong>,{' '}
        {ENROLLMENT_PAYMENT_LABELS[enrollment.paymentStatus].toLowerCase()}.
      </p>
      <FormAlert message={alert} />
      {unpaid && (
        <>
          <MethodChoice methods={methods} value={method} onChange={setMethod} />
          <button type="button" className="btn btn-primary btn-block" onClick={payNow} disabled={busy || !methods}>
            {busy ? 'Opening the payment…' : `Pay now (${formatMoney(cents(enrollment.totalAmount))})`}
          </button>
        </>
      )}
      <a className="btn btn-secondary btn-block" href="/student/courses">
        See my courses
      </a>
    </div>
  );
}

/** The enrolment form: the server's price (with the coupon), the method, notes, then off to pay. */
function EnrolForm({ courseId, title }: { courseId: string; title: string }) {
  const saved = savedEnrollmentForm(courseId);
  const [price, setPrice] = useState<CoursePriceView | null>(null);
  const [coupon, setCoupon] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(NO_NOTICE);
  const { methods, method, setMethod } = usePaymentMethod(coursePaymentMethods, saved?.method);
  const [notes, setNotes] = useState(saved?.notes ?? '');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // On opening (once per course): the saved coupon is read and priced through the latest loadPrice.
  const latestLoadPrice = useRef(loadPrice);
  latestLoadPrice.current = loadPrice;
  useEffect(() => {
    heading.current?.focus();
    const code = savedEnrollmentCoupon(courseId);
    void latestLoadPrice.current(code ?? undefined, true);
  }, [courseId]);

  useEffect(() => saveEnrollmentForm({ courseId, method, notes }), [courseId, method, notes]);

  /** The server prices; a refused coupon leaves the price without it and says why. */
  async function loadPrice(code: string | undefined, quiet = false) {
    try {
      const body = await coursePrice(courseId, code);
      setPrice(body.data ?? null);
      const applied = body.data?.coupon?.code ?? null;
      setCoupon(applied);
      saveEnrollmentCoupon(courseId, applied);
      if (code && !quiet) setNotice({ text: `Coupon ${applied} applied.`, error: false });
    } catch (err) {
      if (!code) return setAlert(errorMessage(err));
      saveEnrollmentCoupon(courseId, null);
      if (!quiet) setNotice({ text: couponFailure(err), error: true });
      await loadPrice(undefined, true);
    }
  }

  async function applyCoupon(raw: string) {
    const code = raw.trim().toUpperCase();
    if (!code) return setNotice({ text: COUPON_MESSAGES.invalidCode, error: true });
    await loadPrice(code);
  }

  function removeCoupon() {
    setNotice({ text: 'Coupon removed.', error: false });
    void loadPrice(undefined, true);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setAlert('');
    try {
      rememberMethod(method as PaymentGatewayName);
      const body = await enrollInCourse({
        courseId,
        paymentMethod: method,
        ...(coupon ? { couponCode: coupon } : {}),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      });
      const enrollment = body.data!.enrollment;
      saveCurrentEnrollment({ kind: 'course', enrollmentId: enrollment._id, courseId });
      if (body.data?.payment) await goToGateway(body.data.payment, `Course: ${enrollment.course.title}`);
      else window.location.assign(completeHref(enrollment._id));
    } catch (err) {
      setAlert(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <section className="enrol-form" aria-labelledby="enrol-heading" data-ready={price && methods ? '' : undefined}>
      <h2 id="enrol-heading" ref={heading} tabIndex={-1}>
        {`Enrol in ${title}`}
      </h2>
      {price ? (
        <MoneyLines
          label="Price"
          lines={[
            { label: 'Course price', cents: cents(price.coursePrice) },
            { label: `Coupon${coupon ? ` (${coupon})` : ''}`, cents: cents(price.discountAmount), minus: true },
            { label: 'GST/HST', cents: cents(price.gstAmount) },
            { label: 'Total', cents: cents(price.finalAmount), total: true },
          ]}
        />
      ) : (
        <p role="status">Calculating the price…</p>
      )}
      <CodeBox applied={coupon} notice={notice} onApply={applyCoupon} onRemove={removeCoupon} />
      <form id="enrol-form" className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
        <FormAlert message={alert} />
        {price && price.finalAmount > 0 && <MethodChoice methods={methods} value={method} onChange={setMethod} />}
        <div className="field">
          <label htmlFor="enrol-notes">
            Notes for the school<span className="field-optional"> (optional)</span>
          </label>
          <textarea id="enrol-notes" name="notes" rows={3} maxLength={1000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !price}>
          {busy ? 'Enrolling…' : price && price.finalAmount === 0 ? 'Enrol' : 'Enrol and pay'}
        </button>
        <p className="form-note">The school confirms your place; you can follow it in My courses.</p>
      </form>
    </section>
  );
}
