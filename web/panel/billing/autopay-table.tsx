import { useState } from 'react';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { DataTable, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import { centsOf, dues, setAutopay } from './billing-api.ts';
import type { UpcomingCharge } from '#core/billing/views.ts';

type Props = {
  charges: readonly UpcomingCharge[] | null;
  meId: string;
  onChanged: (charge: UpcomingCharge, message: string) => void;
  onFailed: (message: string) => void;
};

const title = (c: UpcomingCharge) => `${c.membershipName} — ${c.planName}`;

/** Mine and my children's memberships: when each renews, for how much, with which card, and the autopay switch. */
export function AutopayTable({ charges, meId, onChanged, onFailed }: Props) {
  const [busy, setBusy] = useState('');
  async function toggle(c: UpcomingCharge) {
    setBusy(c.enrollmentId);
    try {
      const next = await setAutopay(c, !c.autopay, meId);
      onChanged(next, `Autopay ${next.autopay ? 'on' : 'off'} for ${title(c)} (${c.person.name}).`);
    } catch (err) {
      onFailed(errorMessage(err));
    } finally {
      setBusy('');
    }
  }
  return (
    <section className="card billing-section" aria-labelledby="billing-upcoming-title">
      <h2 id="billing-upcoming-title">Memberships and upcoming charges</h2>
      {charges === null ? (
        <p role="status">Loading your memberships…</p>
      ) : charges.length === 0 ? (
        <p className="billing-empty">
          No active membership. <a href="/memberships">See the memberships</a>
        </p>
      ) : (
        <DataTable id="billing-upcoming" caption="Memberships and upcoming charges" busy={busy !== ''}>
          <TableHead columns={['Membership', 'Person', 'Next charge', numberColumn('Amount'), 'Paid with', 'Autopay']} />
          <tbody>
            {charges.map((c) => (
              <tr key={c.enrollmentId} data-id={c.enrollmentId} data-autopay={c.autopay ? 'on' : 'off'}>
                <th scope="row">{title(c)}</th>
                <td data-label="Person">{c.person.name}</td>
                <td data-label="Next charge">
                  {c.dueAt ? <SchoolTime iso={c.dueAt} show="shortDate" /> : '—'}
                  {!c.autopay && <span className="cell-note">Renew it yourself</span>}
                </td>
                <td data-label="Amount" className="cell-number">
                  {dues(centsOf(c.amount, c.amountCents))}
                </td>
                <td data-label="Paid with">{c.autopay ? (c.paymentMethod?.label ?? 'No card: add one') : '—'}</td>
                <td data-label="Autopay">
                  <button
                    type="button"
                    role="switch"
                    aria-checked={c.autopay}
                    className="switch"
                    disabled={busy === c.enrollmentId}
                    onClick={() => void toggle(c)}
                  >
                    <span className="switch-track" aria-hidden="true">
                      <span className="switch-thumb" />
                    </span>
                    <span className="switch-text">
                      Autopay
                      <span className="visually-hidden">
                        {' '}
                        for {title(c)}, {c.person.name}
                      </span>
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
