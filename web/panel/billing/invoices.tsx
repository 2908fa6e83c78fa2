import { useState } from 'react';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { DataTable, ListResults, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import type { ListPage } from '#web/panel/resource/use-list.ts';
import { payInvoice } from './billing-api.ts';
import type { InvoiceView } from '#core/billing/views.ts';
import { AttemptNote, InvoiceBadge, InvoiceLines, invoiceTotal, payable, ReceiptButton } from './invoice-parts.tsx';

type BannerProps = {
  invoices: readonly InvoiceView[];
  onPaid: (message: string) => void;
  onFailed: (message: string) => void;
  onUpdateMethod: () => void;
};

/** A declined, past-due or unpaid charge, with what to do about it: pay now with the default card, or change the card first. */
export function PaymentBanner({ invoices, onPaid, onFailed, onUpdateMethod }: BannerProps) {
  const [busy, setBusy] = useState('');
  if (!invoices.length) return null;
  async function pay(i: InvoiceView) {
    setBusy(i._id);
    try {
      const { invoice, message } = await payInvoice(i._id);
      if (invoice && invoice.status !== 'paid' && invoice.status !== 'processing')
        onFailed(invoice.lastError ? `${invoice.number}: ${invoice.lastError}` : message || 'The payment failed');
      else onPaid(message || `${i.number} paid. Thank you!`);
    } catch (err) {
      onFailed(errorMessage(err));
    } finally {
      setBusy('');
    }
  }
  return (
    <section className="billing-banner" aria-labelledby="billing-banner-title">
      <h2 id="billing-banner-title">{invoices.length === 1 ? 'A payment needs you' : 'Payments need you'}</h2>
      <ul>
        {invoices.map((i) => (
          <li key={i._id} data-id={i._id} data-status={i.status}>
            <p>
              <strong>
                {i.number}: {invoiceTotal(i)}
              </strong>{' '}
              <InvoiceBadge status={i.status} label={i.statusLabel} />
              {i.lastError && <> {i.lastError}.</>} <AttemptNote invoice={i} />
            </p>
            <div className="btn-row">
              {payable(i) && (
                <button type="button" className="btn btn-primary btn-sm" disabled={busy === i._id} onClick={() => void pay(i)}>
                  {busy === i._id ? 'Paying…' : 'Pay now'}
                  <span className="visually-hidden"> {i.number}</span>
                </button>
              )}
              <button type="button" className="btn btn-secondary btn-sm" onClick={onUpdateMethod}>
                Update payment method
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

type ListView = Parameters<typeof ListResults>[0]['list'] & { page: ListPage<InvoiceView> | null; items: InvoiceView[] };

/** The member's invoices, newest first: number, date, what for, status, total and the receipt once paid. */
export function InvoicesTable({ list }: { list: ListView }) {
  return (
    <section className="card billing-section" aria-labelledby="billing-invoices-title">
      <h2 id="billing-invoices-title">Invoices</h2>
      <ListResults
        list={list}
        noun="invoices"
        singular="invoice"
        empty={list.ready && list.items.length === 0 ? 'No invoices yet. Each automatic charge makes one.' : undefined}
      >
        <DataTable id="billing-invoices" caption="Invoices" busy={list.loading}>
          <TableHead columns={['Invoice', 'Date', 'For', 'Status', numberColumn('Total'), 'Receipt']} />
          <tbody>
            {list.items.map((i) => (
              <tr key={i._id} data-id={i._id} data-status={i.status}>
                <th scope="row">{i.number}</th>
                <td data-label="Date">
                  <SchoolTime iso={i.paidAt ?? i.dueAt ?? i.createdAt} show="shortDate" />
                </td>
                <td data-label="For">
                  <InvoiceLines invoice={i} />
                </td>
                <td data-label="Status">
                  <InvoiceBadge status={i.status} label={i.statusLabel} />
                </td>
                <td data-label="Total" className="cell-number">
                  {invoiceTotal(i)}
                </td>
                <td data-label="Receipt">
                  <ReceiptButton invoice={i} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </section>
  );
}
