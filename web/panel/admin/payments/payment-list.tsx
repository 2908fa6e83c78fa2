import type { FormEvent } from 'react';
import { PAYMENT_GATEWAYS, PAYMENT_STATUSES, PURCHASE_TYPES } from '#core/shop/shop-options.ts';
import type { PaymentView } from '#core/shop/views.ts';
import { FormAlert, SelectField } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { DataTable, ListFilters, ListResults, ListScreen, SearchField, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import { useList, type ListPage } from '#web/panel/resource/use-list.ts';
import { dateTime, text } from '#web/panel/admin/screens/shared.tsx';
import { DateRange, useRangeFilter } from '#web/panel/admin/orders/order-parts.tsx';
import { readPayments, type PaymentsQuery } from './payments-api.ts';
import { amountIn, GATEWAY_LABELS, PAYMENT_STATUS_LABELS, PURCHASE_LABELS } from './payment-labels.ts';
import { Payer, PaymentBadge, PurchaseLink } from './payment-parts.tsx';

type Props = { base: string; panelBase: string; query: PaymentsQuery; setQuery: (q: PaymentsQuery) => void };

const choices = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));
const STATUS_OPTIONS = choices(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS);
const GATEWAY_OPTIONS = choices(PAYMENT_GATEWAYS, GATEWAY_LABELS);
const PURCHASE_OPTIONS = choices(PURCHASE_TYPES, PURCHASE_LABELS);
const filtered = (q: PaymentsQuery) => !!(q.search || q.status || q.gateway || q.purchaseType || q.from || q.to);
const read = (q: PaymentsQuery, signal: AbortSignal): Promise<ListPage<PaymentView>> =>
  readPayments(q, signal).then((l) => ({ items: l.payments, pagination: l.pagination }));

/** Every payment of the school, newest first, by status, gateway, purchase, date and search. */
export function PaymentList({ base, panelBase, query, setQuery }: Props) {
  const list = useList({ query, setQuery, read, empty: { items: [] } });
  const range = useRangeFilter();

  function onSearch(e: FormEvent<HTMLFormElement>) {
    const got = range.read(e);
    if (!got) return;
    const { form, from, to } = got;
    const pick = <K extends keyof PaymentsQuery>(k: K) => String(form.get(k) ?? '') as PaymentsQuery[K];
    list.narrow({
      search: pick('search').trim(),
      status: pick('status'),
      gateway: pick('gateway'),
      purchaseType: pick('purchaseType'),
      from,
      to,
    });
  }

  const payments = list.items;
  return (
    <ListScreen list={list} className="admin-payments">
      <h1>Payments</h1>
      <FormAlert message={list.error} />
      <ListFilters label="Find payments" onSubmit={onSearch}>
        <SearchField
          id="payments-search"
          label="Search by payer email or an id"
          hint="Payment, purchase, session or provider id"
          defaultValue={query.search}
          maxLength={200}
        />
        <SelectField id="payments-status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} {...list.filter('status')} />
        <SelectField id="payments-gateway" label="Gateway" allLabel="All gateways" options={GATEWAY_OPTIONS} {...list.filter('gateway')} />
        <SelectField
          id="payments-purchase"
          label="Paid for"
          allLabel="Everything"
          options={PURCHASE_OPTIONS}
          {...list.filter('purchaseType')}
        />
        <DateRange id="payments-made" label="Created" from={query.from} to={query.to} error={range.error} />
      </ListFilters>

      <ListResults list={list} noun="payments" singular="payment" filtered={filtered(query)}>
        <DataTable id="payments" caption="Payments" busy={list.loading} className="data-table payments-table">
          <TableHead columns={['Date', numberColumn('Amount'), 'Payer', 'Gateway', 'Paid for', 'Status', 'Failure']} />
          <tbody>
            {payments.map((p) => (
              <tr key={p._id} data-id={p._id} data-purchase={p.purchaseId} data-status={p.status}>
                <th scope="row">
                  <PanelLink href={`${base}/${encodeURIComponent(p._id)}`}>
                    {dateTime(p.createdAt)}
                    <span className="visually-hidden">: payment of {amountIn(p.amount, p.currency)}</span>
                  </PanelLink>
                </th>
                <td data-label="Amount" className="cell-number">
                  {amountIn(p.amount, p.currency)}
                </td>
                <td data-label="Payer">
                  <Payer payment={p} />
                </td>
                <td data-label="Gateway">{GATEWAY_LABELS[p.gateway]}</td>
                <td data-label="Paid for">
                  <PurchaseLink payment={p} panelBase={panelBase} />
                </td>
                <td data-label="Status">
                  <PaymentBadge status={p.status} />
                </td>
                <td data-label="Failure">{text(p.failureReason)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </ListScreen>
  );
}
