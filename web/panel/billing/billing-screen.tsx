import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { ListMessages, ListScreen } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { AutopayTable } from './autopay-table.tsx';
import { completeMethod, readInvoices, readMethods, readUpcoming, type InvoicesQuery } from './billing-api.ts';
import type { InvoiceView, PaymentMethodView, UpcomingCharge } from '#core/billing/views.ts';
import { InvoicesTable, PaymentBanner } from './invoices.tsx';
import { needsAttention } from './invoice-parts.tsx';
import { PaymentMethods } from './payment-methods.tsx';

/** The query the gateway's setup page returned with, as the proof to complete the method; null when this is no return. */
function setupReturn(search: string): { methodId: string; cancelled: boolean; proof: Record<string, string> } | null {
  const params = new URLSearchParams(search);
  const methodId = params.get('method');
  if (!methodId) return null;
  const proof: Record<string, string> = {};
  params.forEach((v, k) => {
    if (k !== 'method' && k !== 'cancelled') proof[k] = v;
  });
  return { methodId, cancelled: params.get('cancelled') === '1', proof };
}

/** The member's billing: saved cards, autopay per membership (theirs and their children's), upcoming charges, invoices. */
export default function BillingScreen({ user, base }: PanelScreenProps) {
  const [query, setQuery] = useState<InvoicesQuery>({ page: 1 });
  const [attention, setAttention] = useState<InvoiceView[]>([]);
  const onRead = useCallback((p: { items: InvoiceView[] }) => {
    // The newest page holds the charges still to fix; older pages do not change the banner.
    if (p.items.length) setAttention(p.items.filter(needsAttention));
  }, []);
  const list = useList({ query, setQuery, read: readInvoices, empty: { items: [] }, onRead });
  const [methods, setMethods] = useState<PaymentMethodView[] | null>(null);
  const [charges, setCharges] = useState<UpcomingCharge[] | null>(null);
  const [round, setRound] = useState(0);
  const methodsHeading = useRef<HTMLHeadingElement>(null);
  const { done, failed, setNotice } = list;
  const latest = useRef({ done, failed, setNotice });
  useEffect(() => {
    latest.current = { done, failed, setNotice };
  });

  useEffect(() => {
    const back = setupReturn(window.location.search);
    if (!back) return;
    window.history.replaceState(window.history.state, '', base);
    if (back.cancelled) return latest.current.setNotice('Adding the payment method was cancelled: nothing was saved.');
    completeMethod(back.methodId, back.proof).then(
      (m) => {
        latest.current.done(`${m.label} saved${m.isDefault ? ' as your default payment method' : ''}.`);
        setRound((n) => n + 1);
      },
      (err: unknown) => latest.current.failed(errorMessage(err)),
    );
  }, [base]);

  useEffect(() => {
    const ctl = new AbortController();
    Promise.all([readMethods(ctl.signal), readUpcoming(ctl.signal)]).then(
      ([m, c]) => {
        if (ctl.signal.aborted) return;
        setMethods(m);
        setCharges(c);
      },
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        setMethods((m) => m ?? []);
        setCharges((c) => c ?? []);
        latest.current.failed(errorMessage(err));
      },
    );
    return () => ctl.abort();
  }, [round]);

  const changed = (message: string) => {
    list.done(message);
    setRound((n) => n + 1);
  };
  const ready = list.ready && methods !== null && charges !== null;
  return (
    <ListScreen list={{ ...list, ready }} className="billing-screen">
      <h1>Billing</h1>
      <p className="lead">Pay your dues automatically: save a card, turn autopay on for each membership, and find every invoice here.</p>
      <ListMessages list={list} />
      <PaymentBanner invoices={attention} onPaid={changed} onFailed={list.failed} onUpdateMethod={() => methodsHeading.current?.focus()} />
      <PaymentMethods methods={methods} headingRef={methodsHeading} onDone={changed} onFailed={list.failed} />
      <AutopayTable
        charges={charges}
        meId={user._id}
        onChanged={(next, message) => {
          setCharges((all) => all?.map((c) => (c.enrollmentId === next.enrollmentId ? next : c)) ?? null);
          list.done(message);
        }}
        onFailed={list.failed}
      />
      <InvoicesTable list={list} />
    </ListScreen>
  );
}
