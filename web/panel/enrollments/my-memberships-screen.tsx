import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import type { MembershipEnrollmentView } from '#core/enrollments/views.ts';
import { formatShortDate } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { amount, daysLeftText } from '#web/lib/enrollment-panel-format.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import type { MyKind } from './enrollment-card.tsx';
import { DocumentLinks } from './enrollment-parts.tsx';
import { MyEnrollmentsScreen } from './my-enrollments-screen.tsx';
import { cancelMembership, membershipPaymentMethods, payMembership, readMyMemberships, renewMembership } from './my-enrollments-api.ts';

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;
const title = (m: MembershipEnrollmentView) => `${m.membership.name} — ${m.plan.name}`;

function DaysLeft({ m }: { m: MembershipEnrollmentView }) {
  const zone = useSchoolZone();
  const left = daysLeftText(m, (iso) => formatShortDate(iso, zone));
  const due = m.enrollmentStatus === 'active' && !!m.endsAt && Date.parse(m.endsAt) <= Date.now();
  const tone = m.enrollmentStatus === 'expired' ? 'my-enrol-days-over' : due ? 'my-enrol-days-due' : '';
  return (
    <>
      {left && <p className={`my-enrol-days ${tone}`}>{left}</p>}
      {m.autopayCharging && (
        <p className="my-enrol-note">
          Its automatic renewal is being charged to your saved card. If that card was declined,{' '}
          <a href="/student/billing">pay the invoice in Billing</a>.
        </p>
      )}
    </>
  );
}

const MY_MEMBERSHIPS: MyKind<MembershipEnrollmentView> = {
  id: 'my-memberships',
  title: 'My memberships',
  loading: 'Loading your memberships…',
  empty: (
    <>
      You have no membership yet. <a href="/memberships">See the memberships</a>
    </>
  ),
  name: title,
  heading: title,
  // Spec 9: the membership side is in C$ whatever the API sends as the symbol.
  money: (m) => (n) => amount(n, m.currencySymbol || MEMBERSHIP_CURRENCY.symbol),
  lead: (m) => <DaysLeft m={m} />,
  period: (m, day) => [
    ['Plan', `${m.plan.name} (${months(m.plan.durationMonths)})`],
    ['Starts', day(m.startsAt)],
    ['Ends', day(m.endsAt)],
  ],
  prices: (m, money) => [
    ['Plan price', money(m.planPrice)],
    ['Plan discount', m.discountAmount > 0 ? `−${money(m.discountAmount)}` : null],
    [`Coupon${m.couponCode ? ` (${m.couponCode})` : ''}`, m.couponDiscount > 0 ? `−${money(m.couponDiscount)}` : null],
  ],
  extra: (m) => <DocumentLinks documents={m.documents} />,
  read: readMyMemberships,
  pay: payMembership,
  paymentMethods: membershipPaymentMethods,
  renew: renewMembership,
  renewNote: (m, day) => (
    <>
      {m.plan.durationMonths} more {m.plan.durationMonths === 1 ? 'month' : 'months'} from{' '}
      {m.enrollmentStatus === 'expired' || !m.endsAt ? 'the day the renewal is paid' : `the current end (${day(m.endsAt)})`}, once the
      renewal is paid.
    </>
  ),
  renewed: 'Membership renewed',
  cancel: cancelMembership,
  what: 'membership',
  cancelIn: '',
  cancelTitle: (m) => `Cancel ${title(m)}?`,
  cancelLead: '',
  cancelled: 'Membership cancelled',
};

/** "My memberships" of the student panel: status, days left, period, amounts in C$, documents; pay, renew or cancel. */
export default function MyMembershipsScreen({ user }: PanelScreenProps) {
  return <MyEnrollmentsScreen kind={MY_MEMBERSHIPS} user={user} />;
}
