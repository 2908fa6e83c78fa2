import { useState, type FormEvent } from 'react';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '#core/billing/billing-options.ts';
import { SelectField } from '#web/components/form-kit.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { centsOf, dues } from '#web/panel/billing/billing-api.ts';
import { AttemptNote, InvoiceBadge, InvoiceLines, invoiceTotal, payable } from '#web/panel/billing/invoice-parts.tsx';
import type { InvoiceView } from '#core/billing/views.ts';
import { Pending, useRead } from '#web/panel/homes/home-parts.tsx';
import {
  ActionsCell,
  DataTable,
  ListFilters,
  ListMessages,
  ListResults,
  ListScreen,
  SearchField,
  TableHead,
  numberColumn,
} from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { ALL_INVOICES, readAdminInvoices, readSummary, retryInvoice, type AdminInvoicesQuery, type Tally } from './billing-admin-api.ts';
import { RevenueMonthsChart } from './revenue-months-chart.tsx';

const STATUS_OPTIONS = INVOICE_STATUSES.map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }));
const plural = (n: number) => `${n} ${n === 1 ? 'invoice' : 'invoices'}`;

type CardProps = { id: string; title: string; note: string; tally: Tally; status: InvoiceStatus; onShow: (s: InvoiceStatus) => void };

function SummaryCard({ id, title, note, tally, status, onShow }: CardProps) {
  return (
    <li className={`billing-figure${tally.count ? ' billing-figure-urgent' : ''}`} data-figure={id}>
      <span className="billing-figure-label">{title}</span>
      <span className="billing-figure-value">{dues(centsOf(tally.total, tally.totalCents))}</span>
      <span className="billing-figure-note">
        {plural(tally.count)} · {note}
      </span>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onShow(status)}>
        Show<span className="visually-hidden"> {title.toLowerCase()}</span>
      </button>
    </li>
  );
}

/** The school's automatic billing: what is due today, declined or past due, the invoices by status with Retry, and a year of revenue. */
export default function BillingAdminScreen(_: PanelScreenProps) {
  const [query, setQuery] = useState<AdminInvoicesQuery>(ALL_INVOICES);
  const list = useList({ query, setQuery, read: readAdminInvoices, empty: { items: [] } });
  const summary = useRead(readSummary);
  const [busy, setBusy] = useState('');

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    list.narrow({ search: String(form.get('search') ?? '').trim(), status: String(form.get('status') ?? '') as InvoiceStatus | '' });
  }
  async function retry(i: InvoiceView) {
    setBusy(i._id);
    try {
      const { invoice, message } = await retryInvoice(i._id);
      if (invoice && invoice.status !== 'paid' && invoice.status !== 'processing')
        list.failed(`${i.number}: ${invoice.lastError ?? (message || 'declined again')}`);
      else list.done(message || `${i.number} paid.`);
      summary.retry();
    } catch (err) {
      list.failed(err instanceof Error ? err.message : 'The charge could not be retried');
    } finally {
      setBusy('');
    }
  }
  const show = (status: InvoiceStatus) => {
    list.narrow({ status });
    document.getElementById('billing-invoices-title')?.focus();
  };

  const s = summary.data;
  return (
    <ListScreen list={{ ...list, ready: list.ready && s !== null }} className="admin-billing">
      <h1>Billing</h1>
      <p className="lead">
        Memberships on autopay are charged when they renew; a declined card is retried, then the membership is past due.
      </p>
      {s ? (
        <ul className="billing-figures" aria-label="Automatic charges now">
          <SummaryCard id="due-today" title="Due today" note="charged today" tally={s.dueToday} status="open" onShow={show} />
          <SummaryCard id="failed" title="Declined" note="retrying" tally={s.failed} status="open" onShow={show} />
          <SummaryCard id="past-due" title="Past due" note="every retry declined" tally={s.pastDue} status="past_due" onShow={show} />
        </ul>
      ) : (
        <Pending error={summary.error} retry={summary.retry} label="the billing summary" />
      )}

      <section className="card billing-section" aria-labelledby="billing-revenue-title">
        <h2 id="billing-revenue-title">Revenue per month</h2>
        {s && <RevenueMonthsChart months={s.revenueByMonth} />}
      </section>

      <h2 id="billing-invoices-title" tabIndex={-1}>
        Invoices
      </h2>
      <ListMessages list={list} />
      <ListFilters label="Find invoices" onSubmit={onSearch}>
        <SearchField id="billing-search" label="Search by payer or invoice number" defaultValue={query.search} maxLength={200} />
        <SelectField
          id="billing-status"
          label="Status"
          allLabel="All statuses"
          options={STATUS_OPTIONS}
          name="status"
          value={query.status}
          onChange={(e) => list.narrow({ status: e.target.value as InvoiceStatus | '' })}
        />
      </ListFilters>
      <ListResults list={list} noun="invoices" singular="invoice" filtered={!!(query.search || query.status)}>
        <DataTable id="admin-invoices" caption="Invoices" busy={list.loading}>
          <TableHead columns={['Invoice', 'Payer', 'For', 'Due', 'Status', numberColumn('Total')]} actions />
          <tbody>
            {list.items.map((i) => (
              <tr key={i._id} data-id={i._id} data-status={i.status}>
                <th scope="row">{i.number}</th>
                <td data-label="Payer">{i.payer.name}</td>
                <td data-label="For">
                  <InvoiceLines invoice={i} />
                </td>
                <td data-label="Due">
                  <SchoolTime iso={i.dueAt} show="shortDate" />
                </td>
                <td data-label="Status">
                  <InvoiceBadge status={i.status} label={i.statusLabel} />
                  {i.failures > 0 && (
                    <span className="cell-note">
                      {i.failures} declined{i.lastError ? `: ${i.lastError}` : ''}. <AttemptNote invoice={i} />
                    </span>
                  )}
                </td>
                <td data-label="Total" className="cell-number">
                  {invoiceTotal(i)}
                </td>
                <ActionsCell>
                  {payable(i) && (
                    <button type="button" className="btn btn-secondary btn-sm" disabled={busy === i._id} onClick={() => void retry(i)}>
                      {busy === i._id ? 'Charging…' : 'Retry'}
                      <span className="visually-hidden"> {i.number}</span>
                    </button>
                  )}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </ListScreen>
  );
}
