import type { MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { formatShortDate } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { daysLeftLabel } from '#web/lib/enrollment-admin-rules.ts';
import { gatewayLabel } from '#web/panel/admin/payments/payment-labels.ts';
import { money } from '#web/panel/admin/screens/shared.tsx';
import { DecisionDates, PersonCard } from './course-enrollment-facts.tsx';
import { DocumentLinks, Facts } from './enrollment-parts.tsx';

/** Membership amounts are always shown in C$ (spec 9), whatever the gateway charged in. */
export const cad = (e: MembershipEnrollmentView, n: number) => money(n, e.currencySymbol || 'C$');

/** "Mar 1, 2027 – Mar 1, 2028 · 97 days left", or '' before the period starts. */
export function periodText(e: MembershipEnrollmentView, zone: string) {
  if (!e.startsAt || !e.endsAt) return '';
  const left = daysLeftLabel(e.daysLeft, e.endsAt);
  return `${formatShortDate(e.startsAt, zone)} – ${formatShortDate(e.endsAt, zone)}${left ? ` · ${left}` : ''}`;
}

/** A membership enrolment's plan and amounts, period, documents, person and history. */
export function MembershipEnrollmentFacts({ enrollment: e }: { enrollment: MembershipEnrollmentView }) {
  const m = (n: number) => cad(e, n);
  const zone = useSchoolZone();
  return (
    <>
      <section className="card" aria-labelledby="enrollment-amounts">
        <h2 id="enrollment-amounts">
          {e.membership.name}: {e.plan.name}
        </h2>
        <Facts
          rows={[
            ['Plan', `${e.plan.name} (${e.plan.durationMonths} ${e.plan.durationMonths === 1 ? 'month' : 'months'})`],
            ['Plan price', m(e.planPrice)],
            ['Plan discount', e.discountAmount ? `− ${m(e.discountAmount)}` : null],
            ['Coupon', e.couponCode ? <code key="coupon">{e.couponCode}</code> : null],
            ['Coupon discount', e.couponDiscount ? `− ${m(e.couponDiscount)}` : null],
            ['GST', m(e.gstAmount)],
            [
              'Total',
              <strong key="total" data-total="">
                {m(e.totalAmount)}
              </strong>,
            ],
            ['Payment method', gatewayLabel(e.paymentMethod)],
            ['Period', periodText(e, zone) || 'Starts when it becomes active'],
          ]}
        />
      </section>
      <section className="card" aria-labelledby="enrollment-documents">
        <h2 id="enrollment-documents">Documents</h2>
        <DocumentLinks documents={e.documents} />
      </section>
      <PersonCard enrollment={e} />
      <DecisionDates enrollment={e} />
    </>
  );
}
