/**
 * The member panels' enrolment wording and choices, kept pure so they are tested without a browser:
 * the money with its symbol, days left of a membership, what a cancellation does with the money
 * (decision 012), which gateway a renewal or a payment opens, and which instructor application is the live one.
 */
import { formatMoney, toCents } from '#core/money.ts';
import { RENEWAL_DEFAULT_METHOD } from '#core/enrollments/enrollment-options.ts';
import { REFUNDED_ON_CANCEL_FROM, type EnrollmentPaymentStatus } from '#core/enrollments/enrollment-status.ts';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';

/** API amounts are decimals; shown through the one money formatter, with the API's symbol (C$ for memberships). */
export const amount = (decimal: number, symbol = '$') => formatMoney(toCents(decimal), symbol);

/**
 * "12 days left", "1 day left", "Ends today", "Expired on <date>", or for a membership still active past its end
 * (its automatic renewal is on its way) "Renewal due since <date>"; null when there is no period yet (or it was cancelled).
 */
export function daysLeftText(
  m: { enrollmentStatus: string; daysLeft: number | null; endsAt: string | null },
  day: (iso: string) => string,
  now = Date.now(),
): string | null {
  if (m.enrollmentStatus === 'cancelled') return null;
  if (m.enrollmentStatus === 'expired' || (m.daysLeft !== null && m.daysLeft < 0))
    return m.endsAt ? `Expired on ${day(m.endsAt)}` : 'Expired';
  if (m.enrollmentStatus === 'active' && m.endsAt && Date.parse(m.endsAt) <= now) return `Renewal due since ${day(m.endsAt)}`;
  if (m.daysLeft === null) return null;
  if (m.daysLeft === 0) return 'Ends today';
  return m.daysLeft === 1 ? '1 day left' : `${m.daysLeft} days left`;
}

/**
 * What cancelling does with the money (decision 012): a payment is refunded in full only while the
 * enrolment never became active; once active, nothing is refunded by itself.
 */
export function cancelMoneyNote(status: string, paymentStatus: EnrollmentPaymentStatus, total: string): string {
  if (paymentStatus !== 'paid') return 'Nothing has been paid, so there is nothing to refund.';
  if ((REFUNDED_ON_CANCEL_FROM as readonly string[]).includes(status))
    return `Your payment of ${total} will be refunded in full to the way you paid.`;
  return 'It is already active, so your payment is not refunded automatically; ask the school if you think a refund is due.';
}

/** Spec 9: a renewal opens razorpay by default, else the first gateway the school configured. */
export function renewalMethod(offered: readonly string[]): string {
  return offered.includes(RENEWAL_DEFAULT_METHOD) ? RENEWAL_DEFAULT_METHOD : (offered[0] ?? RENEWAL_DEFAULT_METHOD);
}

/** Paying an unpaid enrolment again keeps the method chosen at enrolment while it is still offered. */
export function retryMethod(current: string, offered: readonly string[]): string | undefined {
  return offered.includes(current) ? current : offered[0];
}

const LIVE_APPLICATION = ['pending_approval', 'approved', 'active'];

/** The application that counts now (the newest live one, else the newest of all) and the earlier ones. */
export function splitApplications(all: readonly InstructorEnrollmentView[]): {
  current: InstructorEnrollmentView | null;
  past: InstructorEnrollmentView[];
} {
  const newestFirst = [...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const current = newestFirst.find((e) => LIVE_APPLICATION.includes(e.enrollmentStatus)) ?? newestFirst[0] ?? null;
  return { current, past: newestFirst.filter((e) => e !== current) };
}

/** Cancelling an approved or active application takes the instructor role away (decision 012). */
export const cancelLosesAccess = (e: Pick<InstructorEnrollmentView, 'enrollmentStatus'>) =>
  e.enrollmentStatus === 'approved' || e.enrollmentStatus === 'active';

/** A live notification about an enrolment (its entity or event names one): the open list is read again. */
export const isEnrollmentNotice = (n: { entityType?: string | null; eventType?: string | null } | null | undefined) =>
  !!n && /enrol|instructor|membership|renewal/i.test(`${n.entityType ?? ''} ${n.eventType ?? ''}`);
