import { useEffect, useState } from 'react';
import { BUYER_CANCELLABLE, ORDER_STATUS_LABELS } from '#core/shop/order-status.ts';
import { CANCEL_REASONS } from '#core/shop/shop-options.ts';
import type { OrderView } from '#core/shop/views.ts';
import { Field, FormAlert } from '#web/components/form-kit.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { OfflineNotice } from '#web/panel/resource/offline-notice.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { cancelMyOrder, readMyOrders, type MyOrders } from './my-orders-api.ts';
import { OrderBreakdown } from '#web/components/shop/order-breakdown.tsx';
import { payAgain, useShopTerms } from '#web/lib/shop-api.ts';

/** "My orders" of the student and member panels: status, lines as price × quantity, totals, address; cancel before shipping (a paid order is refunded). */
export default function MyOrdersScreen(_props: PanelScreenProps) {
  const [state, setState] = useState<MyOrders | null>(null);
  const [alert, setAlert] = useState('');
  const [cancelling, setCancelling] = useState<OrderView | null>(null);
  const [reason, setReason] = useState('');
  const [paying, setPaying] = useState('');
  const terms = useShopTerms();
  async function pay(o: OrderView) {
    setPaying(o._id);
    setAlert('');
    try {
      await payAgain(o._id);
    } catch (err) {
      setAlert(errorMessage(err));
      setPaying('');
    }
  }
  const load = () =>
    readMyOrders().then(setState, (err) => {
      setState({ success: false, orders: [] });
      setAlert(errorMessage(err));
    });
  useEffect(() => void load(), []);

  if (!state) return <p role="status">Loading your orders…</p>;
  return (
    <section className="panel-screen" data-ready="">
      <h2>My orders</h2>
      {state.offline && <OfflineNotice info={state.offline} />}
      <FormAlert message={alert} />
      {state.orders.length === 0 && !alert ? (
        <p>
          No orders yet. <a href="/shop">Visit the shop</a>
        </p>
      ) : (
        <ul className="order-list">
          {state.orders.map((o) => (
            <li key={o._id} className="card order-card">
              <h3>
                Order {o.orderNumber} <span className={`badge order-${o.orderStatus}`}>{ORDER_STATUS_LABELS[o.orderStatus]}</span>
              </h3>
              <p className="muted">
                Placed <SchoolTime iso={o.createdAt} show="shortDate" />
                {o.cancelReason ? ` · ${o.cancelReason}` : ''}
              </p>
              <OrderBreakdown order={o} terms={terms} />
              {!state.offline && (
                <div className="btn-row">
                  {o.orderStatus === 'pending_payment' && (
                    <button type="button" className="btn btn-primary btn-sm" disabled={paying === o._id} onClick={() => pay(o)}>
                      {paying === o._id ? 'Opening the payment…' : 'Pay now'}
                      <span className="visually-hidden"> for order {o.orderNumber}</span>
                    </button>
                  )}
                  {BUYER_CANCELLABLE.includes(o.orderStatus) && (
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCancelling(o)}>
                      Cancel order<span className="visually-hidden"> {o.orderNumber}</span>
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {cancelling && (
        <ConfirmDialog
          title={`Cancel order ${cancelling.orderNumber}?`}
          confirmLabel="Cancel order"
          busyLabel="Cancelling…"
          onClose={() => setCancelling(null)}
          onConfirm={async () => {
            await cancelMyOrder(cancelling._id, reason);
            setCancelling(null);
            setReason('');
            setAlert('');
            await load();
          }}
        >
          <p>
            {cancelling.orderStatus === 'pending_payment'
              ? 'The items go back on the shelf.'
              : 'Your payment will be refunded to the way you paid.'}
          </p>
          <Field
            id="cancel-reason"
            label="Reason"
            optional
            value={reason}
            placeholder={CANCEL_REASONS.user}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </ConfirmDialog>
      )}
    </section>
  );
}
