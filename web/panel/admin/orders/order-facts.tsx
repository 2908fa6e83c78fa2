import { Fragment } from 'react';
import type { OrderView } from '#core/shop/views.ts';
import type { ShopTerms } from '#core/shop/shop-terms.ts';
import { orderMoney } from '#web/components/shop/order-breakdown.tsx';
import { dateTime } from '#web/panel/admin/screens/shared.tsx';
import { TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';

const options = (i: OrderView['items'][number]) => [i.size && `Size ${i.size}`, i.color].filter(Boolean).join(', ');

/** The order's lines as priced when it was placed: price × quantity, then each line's tax and shipping and its total. */
export function OrderLines({ order, terms }: { order: OrderView; terms: ShopTerms }) {
  const money = orderMoney(terms);
  const cell = (label: string, amount: number) => (
    <td data-label={label} className="cell-number">
      {money(amount)}
    </td>
  );
  return (
    <div className="table-wrap">
      <table className="data-table order-lines-table">
        <caption className="visually-hidden">Items of order {order.orderNumber}</caption>
        <TableHead
          columns={[
            'Product',
            numberColumn('Qty'),
            numberColumn('Unit price'),
            numberColumn('Price × qty'),
            numberColumn('Tax'),
            numberColumn('Shipping'),
            numberColumn('Line total'),
          ]}
        />
        <tbody>
          {order.items.map((i) => (
            <tr key={i._id}>
              <th scope="row">
                {i.name}
                <span className="cell-note">{[i.sku && `SKU ${i.sku}`, options(i)].filter(Boolean).join(' · ')}</span>
              </th>
              <td data-label="Qty" className="cell-number">
                {i.quantity}
              </td>
              <td data-label="Unit price" className="cell-number">
                {money(i.price)}
                {i.originalPrice > i.price && (
                  <s className="cell-note">
                    <span className="visually-hidden">was </span>
                    {money(i.originalPrice)}
                  </s>
                )}
              </td>
              {cell('Price × qty', (Math.round(i.price * 100) * i.quantity) / 100)}
              {cell('Tax', i.gstAmount)}
              {cell('Shipping', i.shippingFee)}
              {cell('Line total', i.lineTotal)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who ordered and where it goes. */
export function OrderCustomer({ order }: { order: OrderView }) {
  const a = order.shippingAddress;
  return (
    <section className="card" aria-labelledby="order-customer">
      <h2 id="order-customer">Customer</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{order.contact.name}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${order.contact.email}`}>{order.contact.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${order.contact.phone.replace(/[^\d+]/g, '')}`}>{order.contact.phone}</a>
        </dd>
      </dl>
      <h3>Shipping address</h3>
      <address className="order-address">
        {[a.line1, a.line2, `${a.city}, ${a.province} ${a.postalCode}`, a.country]
          .filter((l) => l.trim())
          .map((l) => (
            <span key={l}>{l}</span>
          ))}
      </address>
      {order.notes && (
        <>
          <h3>Notes from the buyer</h3>
          <p className="order-notes">{order.notes}</p>
        </>
      )}
    </section>
  );
}

/** When each step of the life cycle happened, and why it ended when it was cancelled. */
export function OrderDates({ order }: { order: OrderView }) {
  const steps = [
    ['Placed', order.createdAt],
    ['Payment due by', order.orderStatus === 'pending_payment' ? order.expiresAt : null],
    ['Paid', order.paidAt],
    ['Shipped', order.shippedAt],
    ['Delivered', order.deliveredAt],
    ['Cancelled', order.cancelledAt],
    ['Refunded', order.refundedAt],
  ] as const;
  return (
    <dl className="facts">
      {steps
        .filter(([, at]) => at)
        .map(([label, at]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{dateTime(at)}</dd>
          </Fragment>
        ))}
      {order.cancelReason && (
        <>
          <dt>Reason</dt>
          <dd data-cancel-reason="">{order.cancelReason}</dd>
        </>
      )}
    </dl>
  );
}
