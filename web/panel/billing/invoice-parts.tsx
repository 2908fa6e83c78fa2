import { useState } from 'react';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '#core/billing/billing-options.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { openDocument } from '#web/lib/enrollment-panel-download.ts';
import { centsOf, dues } from './billing-api.ts';
import type { InvoiceView } from '#core/billing/views.ts';

/** A charge that went wrong and is still the member's to fix: declined at least once, past due, or unpaid at the end. */
export const needsAttention = (i: InvoiceView) =>
  i.status === 'past_due' || i.status === 'failed' || (i.status === 'open' && i.failures > 0);
/** What "Pay now" may retry (the server charges open and past-due invoices only). */
export const payable = (i: InvoiceView) => i.status === 'open' || i.status === 'past_due';

export const invoiceTotal = (i: InvoiceView) => dues(centsOf(i.total, i.totalCents));

export function InvoiceBadge({ status, label }: { status: InvoiceStatus; label?: string }) {
  return <span className={`badge invoice-${status}`}>{label || INVOICE_STATUS_LABELS[status]}</span>;
}

/** Who and what an invoice charges: "Kids Karate — Monthly (Mia Lee)", one per line. */
export function InvoiceLines({ invoice }: { invoice: InvoiceView }) {
  if (!invoice.lines.length) return <>—</>;
  return (
    <ul className="invoice-lines">
      {invoice.lines.map((l) => (
        <li key={l._id}>
          {l.description} <span className="muted">({l.person.name})</span>
        </li>
      ))}
    </ul>
  );
}

/** The paid invoice's receipt, fetched with the session (an /api link would go without it). */
export function ReceiptButton({ invoice }: { invoice: InvoiceView }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  if (!invoice.receiptUrl) return <span className="muted">—</span>;
  const url = invoice.receiptUrl;
  async function open() {
    setBusy(true);
    setProblem('');
    try {
      await openDocument(url, `${invoice.number}.pdf`);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void open()}>
        {busy ? 'Opening…' : 'Receipt PDF'}
        <span className="visually-hidden"> for {invoice.number}</span>
      </button>
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </>
  );
}

/** When the next try is, or why there is none. */
export function AttemptNote({ invoice: i }: { invoice: InvoiceView }) {
  if (i.status === 'past_due' && i.expiresAt)
    return (
      <>
        Memberships end on <SchoolTime iso={i.expiresAt} show="shortDate" /> unless it is paid.
      </>
    );
  if (i.status === 'open' && i.nextAttemptAt)
    return (
      <>
        We try again on <SchoolTime iso={i.nextAttemptAt} show="shortDate" />.
      </>
    );
  if (i.status === 'failed') return <>The memberships it paid for have ended; renew them from My memberships.</>;
  return null;
}
