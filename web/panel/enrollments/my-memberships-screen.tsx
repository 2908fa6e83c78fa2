import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import type { MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { formatShortDate } from '#web/components/format.ts';
import { amount, cancelMoneyNote, daysLeftText } from '#web/lib/enrollment-panel-format.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { OfflineNotice } from '#web/panel/resource/offline-notice.tsx';
import { CancelEnrollmentDialog, DocumentLinks, Facts, RenewDialog, StatusBadges } from './enrollment-parts.tsx';
import { cancelMembership, membershipPaymentMethods, payMembership, readMyMemberships, renewMembership } from './my-enrollments-api.ts';
import { useMyEnrollments } from './use-my-enrollments.ts';

const day = (iso: string | null) => (iso ? formatShortDate(iso) : null);
const title = (m: MembershipEnrollmentView) => `${m.membership.name} — ${m.plan.name}`;

/** "My memberships" of the student panel: status, days left, period, amounts in C$, documents; pay, renew or cancel. */
export default function MyMembershipsScreen({ user }: PanelScreenProps) {
  const { state, load, alert, setAlert, status, setStatus, paying, pay, cancelling, setCancelling, renewing, setRenewing } =
    useMyEnrollments<MembershipEnrollmentView>(user, readMyMemberships, payMembership);

  if (!state) return <p role="status">Loading your memberships…</p>;
  return (
    <section className="panel-screen" data-ready="" aria-labelledby="my-memberships-title">
      <h1 id="my-memberships-title">My memberships</h1>
      {state.offline && <OfflineNotice info={state.offline} />}
      <FormStatus message={status} />
      <FormAlert message={alert} />
      {state.items.length === 0 && !alert ? (
        <p>
          You have no membership yet. <a href="/memberships">See the memberships</a>
        </p>
      ) : (
        <ul className="my-enrol-list">
          {state.items.map((m) => {
            // Spec 9: the membership side is in C$ whatever the API sends as the symbol.
            const money = (n: number) => amount(n, m.currencySymbol || MEMBERSHIP_CURRENCY.symbol);
            const left = daysLeftText(m, formatShortDate);
            return (
              <li key={m._id} className="card my-enrol-card">
                <h2>{title(m)}</h2>
                <StatusBadges status={m.enrollmentStatus} payment={m.paymentStatus} />
                {left && <p className={`my-enrol-days ${m.enrollmentStatus === 'expired' ? 'my-enrol-days-over' : ''}`}>{left}</p>}
                <Facts
                  rows={[
                    ['Plan', `${m.plan.name} (${m.plan.durationMonths} ${m.plan.durationMonths === 1 ? 'month' : 'months'})`],
                    ['Starts', day(m.startsAt)],
                    ['Ends', day(m.endsAt)],
                    ['Pay by', m.paymentStatus === 'pending' && m.enrollmentStatus !== 'cancelled' ? day(m.paymentDueAt) : null],
                    ['Paid', day(m.paidAt)],
                    ['Approval notes', m.approvalNotes],
                    ['Cancelled', m.cancelReason ? `${day(m.cancelledAt) ?? ''} · ${m.cancelReason}` : null],
                  ]}
                />
                <Facts
                  className="my-enrol-amounts"
                  rows={[
                    ['Plan price', money(m.planPrice)],
                    ['Plan discount', m.discountAmount > 0 ? `−${money(m.discountAmount)}` : null],
                    [`Coupon${m.couponCode ? ` (${m.couponCode})` : ''}`, m.couponDiscount > 0 ? `−${money(m.couponDiscount)}` : null],
                    ['GST', money(m.gstAmount)],
                    ['Total', money(m.totalAmount)],
                  ]}
                />
                <DocumentLinks documents={m.documents} />
                {!state.offline && (m.canPay || m.canRenew || m.canCancel) && (
                  <div className="btn-row">
                    {m.canPay && (
                      <button type="button" className="btn btn-primary btn-sm" disabled={paying === m._id} onClick={() => void pay(m)}>
                        {paying === m._id ? 'Opening the payment…' : 'Pay now'}
                        <span className="visually-hidden"> for {title(m)}</span>
                      </button>
                    )}
                    {m.canRenew && (
                      <button type="button" className="btn btn-primary btn-sm" onClick={() => setRenewing(m)}>
                        Renew<span className="visually-hidden"> {title(m)}</span>
                      </button>
                    )}
                    {m.canCancel && (
                      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCancelling(m)}>
                        Cancel membership<span className="visually-hidden"> {title(m)}</span>
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {cancelling && (
        <CancelEnrollmentDialog
          title={`Cancel ${title(cancelling)}?`}
          what="membership"
          onClose={() => setCancelling(null)}
          onCancel={async (reason) => {
            await cancelMembership(cancelling, reason);
            setCancelling(null);
            setAlert('');
            setStatus('Membership cancelled');
            await load();
          }}
        >
          <p>
            {cancelMoneyNote(
              cancelling.enrollmentStatus,
              cancelling.paymentStatus,
              amount(cancelling.totalAmount, cancelling.currencySymbol || MEMBERSHIP_CURRENCY.symbol),
            )}
          </p>
        </CancelEnrollmentDialog>
      )}
      {renewing && (
        <RenewDialog
          title={`Renew ${title(renewing)}`}
          loadMethods={membershipPaymentMethods}
          onClose={() => setRenewing(null)}
          onRenew={async (form) => {
            if ((await renewMembership(renewing, form)) === 'free') {
              setRenewing(null);
              setStatus('Membership renewed');
              await load();
            }
          }}
        >
          <p>
            {renewing.plan.durationMonths} more {renewing.plan.durationMonths === 1 ? 'month' : 'months'} from{' '}
            {renewing.enrollmentStatus === 'expired' || !renewing.endsAt
              ? 'the day the renewal is paid'
              : `the current end (${day(renewing.endsAt)})`}
            , once the renewal is paid.
          </p>
        </RenewDialog>
      )}
    </section>
  );
}
