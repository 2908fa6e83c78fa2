import type { ReactNode } from 'react';
import type { EnrollmentPaymentStatus, ENROLLMENT_STATUS_LABELS } from '#core/enrollments/enrollment-status.ts';
import type { PaymentMethodsView } from '#core/shop/views.ts';
import { formatShortDate } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { Facts, StatusBadges } from './enrollment-parts.tsx';
import type { MyList, RenewForm } from './my-enrollments-api.ts';

/** A date of an enrolment as the day it is in the school's zone (one rule for lists, details, student and admin). */
export type Day = (iso: string | null) => string | null;
export const dayIn =
  (zone: string): Day =>
  (iso) =>
    iso ? formatShortDate(iso, zone) : null;

/** What a student's enrolment of any kind carries for its card (course enrolments, membership purchases). */
export type Mine = {
  _id: string;
  enrollmentStatus: keyof typeof ENROLLMENT_STATUS_LABELS;
  paymentStatus: EnrollmentPaymentStatus;
  paymentDueAt: string | null;
  paidAt: string | null;
  approvalNotes: string | null;
  cancelReason: string | null;
  cancelledAt: string | null;
  gstAmount: number;
  totalAmount: number;
  canPay: boolean;
  canRenew: boolean;
  canCancel: boolean;
};
type Rows = [string, ReactNode][];

/** One kind of a student's enrolments as "My …" shows it: its words, its calls, and what its card says beyond the shared rows. */
export type MyKind<T extends Mine> = {
  /** The heading's id is `<id>-title`. */
  id: string;
  title: string;
  loading: string;
  empty: ReactNode;
  name: (item: T) => string;
  heading: (item: T) => ReactNode;
  money: (item: T) => (n: number) => string;
  /** Above the facts (a membership's days left). */
  lead?: (item: T) => ReactNode;
  /** The dates before the shared payment and decision rows. */
  period: (item: T, day: Day) => Rows;
  /** The prices before the GST and the total. */
  prices: (item: T, money: (n: number) => string) => Rows;
  /** Below the amounts (a membership's documents). */
  extra?: (item: T) => ReactNode;
  read: () => Promise<MyList<T>>;
  pay: (item: T) => Promise<unknown>;
  paymentMethods: () => Promise<PaymentMethodsView>;
  renew: (item: T, form: RenewForm) => Promise<unknown>;
  renewNote: (item: T, day: Day) => ReactNode;
  renewed: string;
  cancel: (item: T, reason: string) => Promise<unknown>;
  /** "enrolment" or "membership", in the cancel button and dialog. */
  what: string;
  /** The cancel button's hidden words before the name ("in "). */
  cancelIn: string;
  cancelTitle: (item: T) => string;
  /** What cancelling gives up, before what happens to the money. */
  cancelLead: string;
  cancelled: string;
};

type CardProps<T extends Mine> = {
  kind: MyKind<T>;
  item: T;
  offline: boolean;
  paying: boolean;
  onPay: () => void;
  onRenew: () => void;
  onCancel: () => void;
};

/** One enrolment of the student's: its decision and payment, dates, amounts, and pay / renew / cancel. */
export function EnrollmentCard<T extends Mine>({ kind, item: e, offline, paying, onPay, onRenew, onCancel }: CardProps<T>) {
  const money = kind.money(e);
  const day = dayIn(useSchoolZone());
  const name = kind.name(e);
  return (
    <li className="card my-enrol-card">
      <h2>{kind.heading(e)}</h2>
      <StatusBadges status={e.enrollmentStatus} payment={e.paymentStatus} />
      {kind.lead?.(e)}
      <Facts
        rows={[
          ...kind.period(e, day),
          ['Pay by', e.paymentStatus === 'pending' && e.enrollmentStatus !== 'cancelled' ? day(e.paymentDueAt) : null],
          ['Paid', day(e.paidAt)],
          ['Approval notes', e.approvalNotes],
          ['Cancelled', e.cancelReason ? `${day(e.cancelledAt) ?? ''} · ${e.cancelReason}` : null],
        ]}
      />
      <Facts className="my-enrol-amounts" rows={[...kind.prices(e, money), ['GST', money(e.gstAmount)], ['Total', money(e.totalAmount)]]} />
      {kind.extra?.(e)}
      {!offline && (e.canPay || e.canRenew || e.canCancel) && (
        <div className="btn-row">
          {e.canPay && (
            <button type="button" className="btn btn-primary btn-sm" disabled={paying} onClick={onPay}>
              {paying ? 'Opening the payment…' : 'Pay now'}
              <span className="visually-hidden"> for {name}</span>
            </button>
          )}
          {e.canRenew && (
            <button type="button" className="btn btn-primary btn-sm" onClick={onRenew}>
              Renew<span className="visually-hidden"> {name}</span>
            </button>
          )}
          {e.canCancel && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel}>
              Cancel {kind.what}
              <span className="visually-hidden">
                {' '}
                {kind.cancelIn}
                {name}
              </span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
