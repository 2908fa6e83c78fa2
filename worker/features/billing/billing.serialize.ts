import { decimalAmount, type UpcomingCharge } from '#core/billing/views.ts';
import { profileName } from '#core/users/person-name.ts';
import { serializePaymentMethod } from '#worker/lib/billing/method-view.ts';
import { upcomingCents, type upcomingRows } from './billing.queries.ts';

type Read = Awaited<ReturnType<typeof upcomingRows>>;

/** One membership's next renewal as the billing screen shows it (API-26 UpcomingCharge). */
export function serializeUpcoming(row: Read['rows'][number], methodOf: Read['methodOf']): UpcomingCharge {
  const e = row.enrollment;
  const cents = upcomingCents(row);
  const method = methodOf.get(e.payerId ?? e.userId);
  return {
    enrollmentId: e.id,
    person: { _id: e.userId, name: profileName(row.profile) },
    membershipName: e.membershipName,
    planName: e.planName,
    dueAt: e.endsAt?.toISOString() ?? null,
    amount: decimalAmount(cents),
    amountCents: cents,
    autopay: e.autopay,
    paymentMethod: method ? serializePaymentMethod(method) : null,
  };
}
