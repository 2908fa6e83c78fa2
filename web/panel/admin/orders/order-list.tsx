import { useState, type FormEvent } from 'react';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, UNDELETABLE, type OrderStatus } from '#core/shop/order-status.ts';
import type { OrderView } from '#core/shop/views.ts';
import { SelectField } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import {
  ActionsCell,
  BulkBar,
  DataTable,
  DeleteButton,
  ListFilters,
  ListMessages,
  ListResults,
  ListScreen,
  SearchField,
  SelectAll,
  SelectRow,
  TableHead,
  numberColumn,
} from '#web/panel/resource/list-kit.tsx';
import { useList, type ListPage } from '#web/panel/resource/use-list.ts';
import { gatewayLabel, moneyIn } from '#web/panel/admin/payments/payment-labels.ts';
import { deleteOrder, deleteOrders, itemCount, readOrders, type OrdersQuery } from './orders-api.ts';
import { DateRange, OrderBadge, Stamp, useRangeFilter } from './order-parts.tsx';

type Props = { base: string; query: OrdersQuery; setQuery: (q: OrdersQuery) => void; flash: string };
type Pending = { kind: 'one'; order: OrderView } | { kind: 'bulk'; ids: string[] };

const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));
const filtered = (q: OrdersQuery) => !!(q.search || q.status || q.from || q.to);
const plural = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;
const read = (q: OrdersQuery, signal: AbortSignal): Promise<ListPage<OrderView>> =>
  readOrders(q, signal).then((l) => ({ items: l.orders, pagination: l.pagination }));

/** The school's orders: status, search and date filters, paging, delete one or several after confirming. */
export function OrderList({ base, query, setQuery, flash }: Props) {
  const list = useList({ query, setQuery, read, empty: { items: [] }, flash });
  const range = useRangeFilter();
  const [pending, setPending] = useState<Pending | null>(null);
  const { selected, setSelected } = list;

  function onSearch(e: FormEvent<HTMLFormElement>) {
    const got = range.read(e);
    if (!got) return;
    const { form, from, to } = got;
    list.setNotice('');
    list.narrow({ search: String(form.get('search') ?? '').trim(), status: form.get('status') as OrderStatus | '', from, to });
  }

  async function confirmDelete() {
    if (!pending) return;
    if (pending.kind === 'one') {
      const body = await deleteOrder(pending.order._id);
      setPending(null);
      list.removed(1, body.message ?? `Order ${pending.order.orderNumber} deleted`);
      return;
    }
    const body = await deleteOrders(pending.ids);
    const kept = body.data?.keptIds.length ?? 0;
    const removed = body.data?.deletedCount ?? pending.ids.length;
    setSelected([]);
    setPending(null);
    // The server keeps paid orders that have not shipped; say which part of the selection stayed.
    list.removed(
      removed,
      `${body.message ?? `${plural(removed)} deleted`}${kept ? `. ${plural(kept)} kept: a paid order that has not shipped cannot be deleted.` : ''}`,
    );
  }

  const orders = list.items;
  return (
    <ListScreen list={list} className="admin-orders">
      <h1>Orders</h1>
      <ListMessages list={list} />
      <ListFilters label="Find orders" onSubmit={onSearch}>
        <SearchField id="orders-search" label="Search by order number, email or name" defaultValue={query.search} maxLength={200} />
        <SelectField id="orders-status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} {...list.filter('status')} />
        <DateRange id="orders-placed" label="Placed" from={query.from} to={query.to} error={range.error} />
      </ListFilters>

      <ListResults list={list} noun="orders" singular="order" filtered={filtered(query)}>
        <BulkBar
          label="Selected orders"
          count={selected.length}
          hint="Select orders to delete several at once"
          onDelete={() => setPending({ kind: 'bulk', ids: selected })}
        />
        <DataTable id="orders" caption="Orders" busy={list.loading} className="data-table resource-table orders-table">
          <TableHead
            lead={<SelectAll items={orders} selected={selected} onSelect={setSelected} />}
            columns={['Order', 'Placed', 'Customer', numberColumn('Items'), numberColumn('Total'), 'Payment', 'Status']}
            actions
          />
          <tbody>
            {orders.map((o) => (
              <tr key={o._id} data-id={o._id} data-number={o.orderNumber} data-status={o.orderStatus}>
                <SelectRow id={o._id} label={`Select order ${o.orderNumber}`} selected={selected} onSelect={setSelected} />
                <th scope="row" className="cell-nowrap">
                  <PanelLink href={`${base}/${encodeURIComponent(o._id)}`}>{o.orderNumber}</PanelLink>
                </th>
                <td data-label="Placed" className="cell-nowrap">
                  <Stamp iso={o.createdAt} />
                </td>
                <td data-label="Customer" className="cell-customer">
                  {o.contact.name}
                  <span className="cell-note">{o.contact.email}</span>
                </td>
                <td data-label="Items" className="cell-number">
                  {itemCount(o)}
                </td>
                <td data-label="Total" className="cell-number">
                  {moneyIn(o.totalAmount, o.currency)}
                  <span className="cell-note cell-note-wide">{o.currency}</span>
                </td>
                <td data-label="Payment">{gatewayLabel(o.paymentMethod)}</td>
                <td data-label="Status">
                  <OrderBadge status={o.orderStatus} />
                </td>
                <ActionsCell>
                  {/* Paid orders not yet shipped are owed to the buyer: cancel or refund them instead. */}
                  {!UNDELETABLE.includes(o.orderStatus) && (
                    <DeleteButton what={`order ${o.orderNumber}`} onClick={() => setPending({ kind: 'one', order: o })} />
                  )}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>

      {pending && (
        <ConfirmDialog
          title={pending.kind === 'one' ? `Delete order ${pending.order.orderNumber}?` : `Delete ${plural(pending.ids.length)}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={confirmDelete}
          onClose={() => setPending(null)}
        >
          <p>
            This permanently removes {pending.kind === 'one' ? 'the order' : 'the selected orders'} and cannot be undone. An unpaid order
            gives its stock back first; a paid order that has not shipped is kept (cancel or refund it first). Payment records stay.
          </p>
        </ConfirmDialog>
      )}
    </ListScreen>
  );
}
