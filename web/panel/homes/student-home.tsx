import { ENROLLMENT_STATUS_LABELS } from '#core/enrollments/enrollment-status.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '#core/shop/order-status.ts';
import { formatShortDate } from '#web/components/format.ts';
import { amount, daysLeftText } from '#web/lib/enrollment-panel-format.ts';
import { PanelLink } from '#web/panel/router.tsx';
import type { HomeProps } from './homes.ts';
import { readHome, type StudentHomeData } from './home-api.ts';
import { Card, Empty, Figure, Figures, gradeLabel, Pending, plural, useRead } from './home-parts.tsx';
import { MeetingsCard, MessagesCard } from './personal-cards.tsx';
import { BeltCard } from '#web/panel/progress/belt-card.tsx';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { SessionList } from './session-list.tsx';

const status = (s: string) => ENROLLMENT_STATUS_LABELS[s as keyof typeof ENROLLMENT_STATUS_LABELS] ?? s;

/** A student's or member's week: next classes and meetings, courses and membership, syllabus, messages, orders. */
export default function StudentHome({ panel }: HomeProps) {
  const { data, error, retry } = useRead((signal) => readHome<StudentHomeData>('student', signal));
  const zone = useSchoolZone();
  const base = panel.base;
  if (!data) return <Pending error={error} retry={retry} label="your home" />;
  const m = data.membership;
  const left = m
    ? daysLeftText({ enrollmentStatus: m.status, daysLeft: m.daysLeft, endsAt: m.endsAt }, (iso) => formatShortDate(iso, zone))
    : null;
  // Active past its end: its automatic renewal is on its way (or declined), so it is due, not "0 days left".
  const due = !!m && m.status === 'active' && !!m.endsAt && Date.parse(m.endsAt) <= Date.now();
  const counting = !!m && m.status === 'active' && m.daysLeft !== null && !due;
  return (
    <div className="home" data-home={panel.key}>
      <Figures label="At a glance">
        <Figure
          value={m ? (counting ? m.daysLeft! : due ? 'Due' : m.name) : '–'}
          label={
            m
              ? counting
                ? `days left of ${m.name}`
                : due
                  ? `renewal of ${m.name}`
                  : `membership: ${status(m.status).toLowerCase()}`
              : 'no membership yet'
          }
          href={`${base}/memberships`}
          urgent={due || (!!m && m.status === 'active' && (m.daysLeft ?? 99) <= 7)}
        />
        <Figure value={data.courses.length} label={data.courses.length === 1 ? 'course' : 'courses'} href={`${base}/courses`} />
        <Figure
          value={data.syllabus.count}
          label={data.grade ? `syllabus items for ${gradeLabel(data.grade).toLowerCase()}` : 'syllabus items (no grade yet)'}
          href={`${base}/syllabus`}
        />
        <Figure value={data.orders.length} label="recent orders" href={`${base}/orders`} />
      </Figures>
      <div className="home-grid">
        <Card id="classes" title="Next classes" more={{ href: '/classes', label: 'The whole timetable' }}>
          <SessionList sessions={data.nextClasses} empty="The timetable has no classes yet. Ask at the front desk when classes start." />
        </Card>
        <BeltCard base={base} />
        <MeetingsCard base={base} />
        <Card id="membership" title="Membership" more={{ href: `${base}/memberships`, label: 'My memberships' }}>
          {m ? (
            <p>
              <strong>{m.name}</strong> ({m.planName}) · {status(m.status)}
              {left && <span className={`home-days${(m.daysLeft ?? 99) <= 7 ? ' home-days-soon' : ''}`}> · {left}</span>}
              {m.status === 'active' &&
                (m.autopay ? (
                  <>
                    {' '}
                    · renews automatically (<PanelLink href={`${base}/billing`}>Billing</PanelLink>)
                  </>
                ) : (
                  (m.daysLeft ?? 99) <= 14 && (
                    <>
                      {' '}
                      <PanelLink href={`${base}/memberships`}>Renew</PanelLink>
                    </>
                  )
                ))}
            </p>
          ) : (
            <Empty>
              You have no membership. <a href="/memberships">Choose a membership</a> to train every week.
            </Empty>
          )}
        </Card>
        <Card id="courses" title="My courses" more={{ href: `${base}/courses`, label: 'All my courses' }}>
          {data.courses.length ? (
            <ul className="home-list">
              {data.courses.map((c) => (
                <li key={c._id}>
                  <span>{c.title}</span>
                  <span className="muted">
                    {status(c.status)}
                    {c.daysLeft !== null ? ` · ${plural(c.daysLeft, 'day')} left` : ''}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>
              You are not enrolled in a course. <a href="/courses">Browse courses</a> to start one.
            </Empty>
          )}
        </Card>
        <Card id="syllabus" title="Syllabus" more={{ href: `${base}/syllabus`, label: 'Open my syllabus' }}>
          {data.grade ? (
            <p>
              {plural(data.syllabus.count, 'item')} to learn for your {gradeLabel(data.grade).toLowerCase()}.
            </p>
          ) : (
            <Empty>Your grade is not set yet. Your instructor records it after your first grading; ask them at class.</Empty>
          )}
        </Card>
        <MessagesCard base={base} />
        <Card id="orders" title="Recent orders" more={{ href: `${base}/orders`, label: 'All my orders' }}>
          {data.orders.length ? (
            <ul className="home-list">
              {data.orders.map((o) => (
                <li key={o._id}>
                  <span>
                    Order {o.orderNumber} · {amount(o.total)}
                  </span>
                  <span className="muted">
                    {ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status} · <SchoolTime iso={o.createdAt} show="shortDate" />
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <Empty>
              No orders yet. Uniforms and gear are in the <a href="/shop">shop</a>.
            </Empty>
          )}
        </Card>
      </div>
    </div>
  );
}
