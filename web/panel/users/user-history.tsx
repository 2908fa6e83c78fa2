import type { UserOverviewView } from '#core/users/user-overview.ts';
import { formatMoney, toCents } from '#core/money.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { DataTable, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';

type Overview = UserOverviewView;
const label = (s: string) => s.replace(/_/g, ' ');
const money = (amount: number, currency: string) => `${formatMoney(toCents(amount))} ${currency}`;
const when = (iso: string | null) => (iso ? <SchoolTime iso={iso} /> : <span className="muted">—</span>);

function Section({
  id,
  title,
  total,
  shown,
  children,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  children: React.ReactNode;
}) {
  return (
    <section className="card user-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {title} <span className="muted">({total})</span>
      </h2>
      {total === 0 ? <p className="muted">None.</p> : children}
      {total > shown && (
        <p className="muted">
          The newest {shown} of {total}.
        </p>
      )}
    </section>
  );
}

/** What the user has with the school: enrolments, memberships, applications, orders, payments and their conversation. */
export function UserHistory({ data, base }: { data: Overview; base: string }) {
  const { courseEnrollments: courses, membershipEnrollments: memberships, orders, payments } = data;
  return (
    <>
      <Section id="user-courses" title="Course enrolments" total={courses.total} shown={courses.items.length}>
        <DataTable id="user-courses-table" caption="Course enrolments" busy={false}>
          <TableHead columns={['Course', 'Status', 'Payment', numberColumn('Total'), 'Applied']} />
          <tbody>
            {courses.items.map((e) => (
              <tr key={e._id}>
                <th scope="row">
                  <PanelLink href={`${base}/course-enrollments/${encodeURIComponent(e._id)}`}>{e.courseTitle}</PanelLink>
                </th>
                <td data-label="Status">{label(e.status)}</td>
                <td data-label="Payment">{e.paymentStatus}</td>
                <td data-label="Total" className="cell-number">
                  {money(e.total, e.currency)}
                </td>
                <td data-label="Applied">{when(e.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Section>

      <Section id="user-memberships" title="Memberships" total={memberships.total} shown={memberships.items.length}>
        <DataTable id="user-memberships-table" caption="Memberships" busy={false}>
          <TableHead columns={['Membership', 'Status', 'Payment', 'Ends']} />
          <tbody>
            {memberships.items.map((e) => (
              <tr key={e._id}>
                <th scope="row">
                  <PanelLink href={`${base}/membership-enrollments/${encodeURIComponent(e._id)}`}>
                    {e.membershipName} · {e.planName}
                  </PanelLink>
                </th>
                <td data-label="Status">{label(e.status)}</td>
                <td data-label="Payment">{e.paymentStatus}</td>
                <td data-label="Ends">{when(e.endsAt)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Section>

      {data.instructorApplications.length > 0 && (
        <Section
          id="user-applications"
          title="Instructor applications"
          total={data.instructorApplications.length}
          shown={data.instructorApplications.length}
        >
          <ul className="plain-list">
            {data.instructorApplications.map((a) => (
              <li key={a._id}>
                <PanelLink href={`${base}/instructor-applications/${encodeURIComponent(a._id)}`}>
                  {label(a.status)} · teaching {a.instructorStatus}
                </PanelLink>{' '}
                <span className="muted">{when(a.createdAt)}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="user-orders" title="Orders" total={orders.total} shown={orders.items.length}>
        <DataTable id="user-orders-table" caption="Orders" busy={false}>
          <TableHead columns={['Order', 'Status', numberColumn('Total'), 'Placed']} />
          <tbody>
            {orders.items.map((o) => (
              <tr key={o._id}>
                <th scope="row">
                  <PanelLink href={`${base}/shop-orders/${encodeURIComponent(o._id)}`}>{o.orderNumber}</PanelLink>
                </th>
                <td data-label="Status">{label(o.status)}</td>
                <td data-label="Total" className="cell-number">
                  {money(o.total, o.currency)}
                </td>
                <td data-label="Placed">{when(o.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Section>

      <Section id="user-payments" title="Payments" total={payments.total} shown={payments.items.length}>
        <DataTable id="user-payments-table" caption="Payments" busy={false}>
          <TableHead columns={['Date', numberColumn('Amount'), 'For', 'Status']} />
          <tbody>
            {payments.items.map((p) => (
              <tr key={p._id}>
                <th scope="row">
                  <PanelLink href={`${base}/payments/${encodeURIComponent(p._id)}`}>{when(p.createdAt)}</PanelLink>
                </th>
                <td data-label="Amount" className="cell-number">
                  {money(p.amount, p.currency)}
                </td>
                <td data-label="For">{label(p.purchaseType)}</td>
                <td data-label="Status">{p.status}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Section>

      <section className="card user-section" aria-labelledby="user-messages-title">
        <h2 id="user-messages-title">Messages</h2>
        <p>
          {data.messages.total === 0 ? 'No messages yet.' : `${data.messages.total} in their conversation with the school`}
          {data.messages.lastAt && <> · last {when(data.messages.lastAt)}</>}
        </p>
        <p>
          <PanelLink
            className="btn btn-secondary btn-sm"
            href={`${base}/messages/${encodeURIComponent(String((data.user as { _id?: string })._id ?? ''))}`}
          >
            Open the conversation
          </PanelLink>
        </p>
      </section>
    </>
  );
}
