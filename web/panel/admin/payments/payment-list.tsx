import { useEffect, useState, type FormEvent } from 'react';
import { PAYMENT_GATEWAYS, PAYMENT_STATUSES, PURCHASE_TYPES } from '#core/shop/shop-options.ts';
import type { PaymentView } from '#core/shop/views.ts';
import { errorMessage } from '#web/lib/api.ts';
import { FormAlert, SelectField } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import { DataTable, ListBody, ListFilters, SearchField } from '#web/panel/resource/list-kit.tsx';
import { dateTime, text } from '#web/panel/admin/screens/shared.tsx';
import { DateRange, rangeOf } from '#web/panel/admin/orders/order-parts.tsx';
import { readPayments, type PaymentsListing, type PaymentsQuery } from './payments-api.ts';
import { amountIn, GATEWAY_LABELS, PAYMENT_STATUS_LABELS, PURCHASE_LABELS } from './payment-labels.ts';
import { PaymentBadge, PurchaseLink } from './payment-parts.tsx';

type Props = { base: string; ordersBase: string; query: PaymentsQuery; setQuery: (q: PaymentsQuery) => void };

const choices = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const STATUS_OPTIONS = choices(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS);
const GATEWAY_OPTIONS = choices(PAYMENT_GATEWAYS, GATEWAY_LABELS);
const PURCHASE_OPTIONS = choices(PURCHASE_TYPES, PURCHASE_LABELS);
const filtered = (q: PaymentsQuery) => !!(q.search || q.status || q.gateway || q.purchaseType || q.from || q.to);

/** Every payment of the school, newest first, by status, gateway, purchase, date and search. */
export function PaymentList({ base, ordersBase, query, setQuery }: Props) {
  const [listing, setListing] = useState<PaymentsListing | null>(null);
  const [loading, setLoading] = useState(true);
  const [alert, setAlert] = useState('');
  const [rangeError, setRangeError] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    readPayments(query, ctl.signal)
      .then((l) => {
        setListing(l);
        setAlert('');
        setLoading(false);
      })
      .catch((err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setListing((l) => l ?? { payments: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0, hasMore: false } });
        setLoading(false);
      });
    return () => ctl.abort();
  }, [query]);

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const { from, to, error } = rangeOf(form);
    setRangeError(error);
    if (error) return;
    const pick = <K extends keyof PaymentsQuery>(k: K) => String(form.get(k) ?? '') as PaymentsQuery[K];
    setQuery({
      page: 1,
      search: pick('search').trim(),
      status: pick('status'),
      gateway: pick('gateway'),
      purchaseType: pick('purchaseType'),
      from,
      to,
    });
  }

  const select = <K extends 'status' | 'gateway' | 'purchaseType'>(name: K) => ({
    name,
    value: query[name],
    onChange: (e: { target: { value: string } }) => setQuery({ ...query, page: 1, [name]: e.target.value }),
  });

  const payments: PaymentView[] = listing?.payments ?? [];
  return (
    <div className="panel-screen admin-payments" data-ready={listing ? '' : undefined} data-loading={loading ? '' : undefined}>
      <h1>Payments</h1>
      <FormAlert message={alert} />
      <ListFilters label="Find payments" onSubmit={onSearch}>
        <SearchField
          id="payments-search"
          label="Search by payer email or an id"
          hint="Payment, purchase, session or provider id"
          defaultValue={query.search}
          maxLength={200}
        />
        <SelectField id="payments-status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} {...select('status')} />
        <SelectField id="payments-gateway" label="Gateway" allLabel="All gateways" options={GATEWAY_OPTIONS} {...select('gateway')} />
        <SelectField id="payments-purchase" label="Paid for" allLabel="Everything" options={PURCHASE_OPTIONS} {...select('purchaseType')} />
        <DateRange id="payments-made" label="Created" from={query.from} to={query.to} error={rangeError} />
      </ListFilters>

      <ListBody
        ready={!!listing}
        empty={payments.length === 0 && (filtered(query) ? 'No payments match these filters.' : 'No payments yet.')}
      >
        <DataTable id="payments" caption="Payments" busy={loading} className="data-table payments-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="cell-number">
                Amount
              </th>
              <th scope="col">Gateway</th>
              <th scope="col">Paid for</th>
              <th scope="col">Status</th>
              <th scope="col">Provider id</th>
              <th scope="col">Failure</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p._id} data-id={p._id} data-purchase={p.purchaseId} data-status={p.status}>
                <th scope="row" className="cell-nowrap">
                  <PanelLink href={`${base}/${encodeURIComponent(p._id)}`}>
                    {dateTime(p.createdAt)}
                    <span className="visually-hidden">: payment of {amountIn(p.amount, p.currency)}</span>
                  </PanelLink>
                </th>
                <td data-label="Amount" className="cell-number">
                  {amountIn(p.amount, p.currency)}
                </td>
                <td data-label="Gateway">{GATEWAY_LABELS[p.gateway]}</td>
                <td data-label="Paid for">
                  <PurchaseLink payment={p} ordersBase={ordersBase} />
                </td>
                <td data-label="Status">
                  <PaymentBadge status={p.status} />
                </td>
                <td data-label="Provider id" className="cell-code">
                  {text(p.providerPaymentId)}
                </td>
                <td data-label="Failure">{text(p.failureReason)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListBody>
      {listing && (
        <Pager
          pagination={listing.pagination}
          busy={loading}
          noun="payments"
          singular="payment"
          onPage={(page) => setQuery({ ...query, page })}
        />
      )}
    </div>
  );
}
