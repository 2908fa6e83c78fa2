import { ENROLLMENT_STATUS_LABELS } from '#core/enrollments/enrollment-status.ts';
import { currencySettings } from '#core/shop/currency.ts';
import { ORDER_STATUS_LABELS } from '#core/shop/order-status.ts';
import { amount } from '#web/lib/enrollment-panel-format.ts';
import type { HomeProps } from './homes.ts';
import { readHome, type Activity, type AdminHomeData } from './home-api.ts';
import { Card, Empty, Figure, Figures, HomeLink, Pending, plural, useRead } from './home-parts.tsx';
import { MessagesFigure } from './personal-cards.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { WaitingFigures } from './waiting-figures.tsx';

/** Where each kind of activity is acted on (the screen's detail route takes the id). */
const ACTIVITY: Record<string, { screen: string; label: string }> = {
  order: { screen: 'shop-orders', label: 'Order' },
  'course-enrollment': { screen: 'course-enrollments', label: 'Course enrolment' },
  'membership-enrollment': { screen: 'membership-enrollments', label: 'Membership' },
  enquiry: { screen: 'enquiries', label: 'Enquiry' },
  payment: { screen: 'payments', label: 'Payment' },
};
const PURCHASES: Record<string, string> = {
  order: 'a shop order',
  course_enrollment: 'a course',
  membership: 'a membership',
  course_renewal: 'a course renewal',
  membership_renewal: 'a membership renewal',
  grading_fee: 'a grading fee',
};
const statusText = (a: Activity) =>
  (ORDER_STATUS_LABELS as Record<string, string>)[a.status] ?? (ENROLLMENT_STATUS_LABELS as Record<string, string>)[a.status] ?? a.status;

function ActivityFeed({ base, items, symbol }: { base: string; items: readonly Activity[]; symbol: string }) {
  if (!items.length)
    return <Empty>Nothing has happened yet. Orders, enrolments, enquiries and payments appear here as they come in.</Empty>;
  return (
    <ol className="home-feed">
      {items.map((a) => {
        const kind = ACTIVITY[a.kind] ?? { screen: '', label: a.kind };
        const title = a.kind === 'payment' ? `Payment for ${PURCHASES[a.title] ?? a.title}` : a.title;
        return (
          <li key={`${a.kind}-${a._id}`}>
            <span className={`badge home-kind home-kind-${a.kind}`}>{kind.label}</span>
            <span className="home-feed-main">
              <HomeLink href={`${base}/${kind.screen}/${encodeURIComponent(a._id)}`}>{title}</HomeLink>
              <span className="muted">
                {[a.who, a.kind === 'payment' ? '' : statusText(a), a.amount !== null ? amount(a.amount, symbol) : '']
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <time dateTime={a.at} className="muted home-feed-time">
              <SchoolTime iso={a.at} />
            </time>
          </li>
        );
      })}
    </ol>
  );
}

/** The school's desk: what waits for someone, the money this month, and what just happened. */
export default function AdminHome({ panel, user }: HomeProps) {
  const { data, error, retry } = useRead((signal) => readHome<AdminHomeData>('admin', signal));
  const base = panel.base;
  if (!data) return <Pending error={error} retry={retry} label="the school's figures" />;
  const q = data.queues;
  const r = data.revenue;
  const symbol = currencySettings(r.currency).symbol;
  const unpaidNote = [
    q.unpaid.orders && plural(q.unpaid.orders, 'order'),
    q.unpaid.courseEnrollments + q.unpaid.membershipEnrollments &&
      plural(q.unpaid.courseEnrollments + q.unpaid.membershipEnrollments, 'enrolment'),
    q.unpaid.renewals && plural(q.unpaid.renewals, 'renewal'),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="home" data-home={panel.key}>
      <Figures label="Queues">
        <Figure value={q.newEnquiries} label="new enquiries" href={`${base}/enquiries`} urgent={q.newEnquiries > 0} />
        <Figure value={q.ordersToShip} label="orders to ship" href={`${base}/shop-orders`} urgent={q.ordersToShip > 0} />
        <Figure value={q.expiringMemberships} label="memberships ending in 14 days" href={`${base}/membership-enrollments`} />
        <Figure value={q.unpaid.total} label="unpaid items" note={unpaidNote || undefined} href={`${base}/payments`} />
        <MessagesFigure base={base} />
        <Figure value={amount(r.net, symbol)} label="revenue this month" href={`${base}/payments`} />
      </Figures>
      <div className="home-grid">
        <Card id="approvals" title="Approvals waiting">
          {q.courseEnrollments + q.membershipEnrollments + q.instructorApplications ? (
            <WaitingFigures base={base} waiting={q} />
          ) : (
            <Empty>No approvals waiting: every enrolment and application has been decided.</Empty>
          )}
        </Card>
        <Card
          id="expiring"
          title="Memberships ending soon"
          more={{ href: `${base}/membership-enrollments`, label: 'All membership enrolments' }}
        >
          {data.expiring.length ? (
            <ul className="home-list">
              {data.expiring.map((m) => (
                <li key={m._id}>
                  <HomeLink href={`${base}/membership-enrollments/${encodeURIComponent(m._id)}`}>{m.who}</HomeLink>
                  <span className="muted">
                    {m.name}
                    {m.endsAt && (
                      <>
                        {' · ends '}
                        <SchoolTime iso={m.endsAt} show="shortDate" />
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>No membership ends in the next 14 days.</Empty>
          )}
        </Card>
        <Card id="revenue" title={`Revenue this month`} more={{ href: `${base}/payments`, label: 'All payments' }} wide>
          <p>
            <strong className="home-big">{amount(r.net, symbol)}</strong>{' '}
            <span className="muted">
              net: {amount(r.paid, symbol)} paid, {amount(r.refunded, symbol)} refunded
            </span>
          </p>
          {r.paid || r.refunded ? (
            <RevenueChart weeks={r.weeks} symbol={symbol} />
          ) : (
            <Empty>No payments this month yet. Share a course or the shop with your students to get the first one.</Empty>
          )}
        </Card>
        <Card id="activity" title="Recent activity" wide>
          <ActivityFeed base={base} items={data.activity} symbol={symbol} />
          <p className="home-more">
            <HomeLink href={`${base}/users`}>Manage users</HomeLink>
            {user.role === 'super-admin' && (
              <>
                {' · '}
                <HomeLink href="/control-panel/audit-log">Audit log of admin actions</HomeLink>
              </>
            )}
          </p>
        </Card>
      </div>
    </div>
  );
}
