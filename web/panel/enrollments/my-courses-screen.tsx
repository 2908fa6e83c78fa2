import type { CourseEnrollmentView } from '#core/enrollments/views.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { formatShortDate } from '#web/components/format.ts';
import { amount, cancelMoneyNote } from '#web/lib/enrollment-panel-format.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { OfflineNotice } from '#web/panel/resource/offline-notice.tsx';
import { CancelEnrollmentDialog, Facts, RenewDialog, StatusBadges } from './enrollment-parts.tsx';
import { cancelCourse, coursePaymentMethods, payCourse, readMyCourses, renewCourse } from './my-enrollments-api.ts';
import { useMyEnrollments } from './use-my-enrollments.ts';

const day = (iso: string | null) => (iso ? formatShortDate(iso) : null);

/** "My courses" of the student panel: each enrolment's decision and payment, amounts, term; pay, renew or cancel. */
export default function MyCoursesScreen({ user }: PanelScreenProps) {
  const { state, load, alert, setAlert, status, setStatus, paying, pay, cancelling, setCancelling, renewing, setRenewing } =
    useMyEnrollments<CourseEnrollmentView>(user, readMyCourses, payCourse);

  if (!state) return <p role="status">Loading your courses…</p>;
  return (
    <section className="panel-screen" data-ready="" aria-labelledby="my-courses-title">
      <h1 id="my-courses-title">My courses</h1>
      {state.offline && <OfflineNotice info={state.offline} />}
      <FormStatus message={status} />
      <FormAlert message={alert} />
      {state.items.length === 0 && !alert ? (
        <p>
          You are not enrolled in any course yet. <a href="/courses">See the courses</a>
        </p>
      ) : (
        <ul className="my-enrol-list">
          {state.items.map((e) => (
            <li key={e._id} className="card my-enrol-card">
              <h2>{e.course.slug ? <a href={`/courses/${encodeURIComponent(e.course.slug)}`}>{e.course.title}</a> : e.course.title}</h2>
              <StatusBadges status={e.enrollmentStatus} payment={e.paymentStatus} />
              <Facts
                rows={[
                  ['Enrolled', day(e.createdAt)],
                  ['Term ends', day(e.termEndsAt)],
                  ['Pay by', e.paymentStatus === 'pending' && e.enrollmentStatus !== 'cancelled' ? day(e.paymentDueAt) : null],
                  ['Paid', day(e.paidAt)],
                  ['Approval notes', e.approvalNotes],
                  ['Cancelled', e.cancelReason ? `${day(e.cancelledAt) ?? ''} · ${e.cancelReason}` : null],
                ]}
              />
              <Facts
                className="my-enrol-amounts"
                rows={[
                  ['Course price', amount(e.coursePrice)],
                  [`Discount${e.couponCode ? ` (${e.couponCode})` : ''}`, e.discountAmount > 0 ? `−${amount(e.discountAmount)}` : null],
                  ['GST', amount(e.gstAmount)],
                  ['Total', amount(e.totalAmount)],
                ]}
              />
              {!state.offline && (e.canPay || e.canRenew || e.canCancel) && (
                <div className="btn-row">
                  {e.canPay && (
                    <button type="button" className="btn btn-primary btn-sm" disabled={paying === e._id} onClick={() => void pay(e)}>
                      {paying === e._id ? 'Opening the payment…' : 'Pay now'}
                      <span className="visually-hidden"> for {e.course.title}</span>
                    </button>
                  )}
                  {e.canRenew && (
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => setRenewing(e)}>
                      Renew<span className="visually-hidden"> {e.course.title}</span>
                    </button>
                  )}
                  {e.canCancel && (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCancelling(e)}>
                      Cancel enrolment<span className="visually-hidden"> in {e.course.title}</span>
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {cancelling && (
        <CancelEnrollmentDialog
          title={`Cancel your enrolment in ${cancelling.course.title}?`}
          what="enrolment"
          onClose={() => setCancelling(null)}
          onCancel={async (reason) => {
            await cancelCourse(cancelling, reason);
            setCancelling(null);
            setAlert('');
            setStatus('Enrolment cancelled');
            await load();
          }}
        >
          <p>
            Your seat goes to someone else.{' '}
            {cancelMoneyNote(cancelling.enrollmentStatus, cancelling.paymentStatus, amount(cancelling.totalAmount))}
          </p>
        </CancelEnrollmentDialog>
      )}
      {renewing && (
        <RenewDialog
          title={`Renew ${renewing.course.title}`}
          loadMethods={coursePaymentMethods}
          onClose={() => setRenewing(null)}
          onRenew={async (form) => {
            if ((await renewCourse(renewing, form)) === 'free') {
              setRenewing(null);
              setStatus('Enrolment renewed');
              await load();
            }
          }}
        >
          <p>
            A new term{renewing.course.durationWeeks ? ` of ${renewing.course.durationWeeks} weeks` : ''} starts when your current one ends
            {renewing.termEndsAt ? ` (${day(renewing.termEndsAt)})` : ''}, once the renewal is paid.
          </p>
        </RenewDialog>
      )}
    </section>
  );
}
