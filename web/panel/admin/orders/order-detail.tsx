import { useEffect, useState } from 'react';
import { BUYER_CANCELLABLE, ORDER_STATUS_LABELS, ORDER_TRANSITIONS, UNDELETABLE, type OrderStatus } from '#core/shop/order-status.ts';
import { CANCEL_REASONS } from '#core/shop/shop-options.ts';
import type { OrderView } from '#core/shop/views.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { Loading } from '#web/components/loading.tsx';
import { Field, FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { navigate, PanelLink } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { OrderAmounts } from '#web/components/shop/order-breakdown.tsx';
import { useShopTerms } from '#web/lib/shop-api.ts';
import { gatewayLabel } from '#web/panel/admin/payments/payment-labels.ts';
import { cancelOrder, deleteOrder, readOrder, setOrderStatus } from './orders-api.ts';
import { OrderBadge } from './order-parts.tsx';
import { OrderCustomer, OrderDates, OrderLines } from './order-facts.tsx';

type Props = { base: string; id: string; onDeleted: (message: string) => void };
type Asking = 'refund' | 'cancel' | 'delete' | null;

/** Cancelling has its own action (with a reason), so the status list offers the other moves the life cycle allows. */
const movesFrom = (s: OrderStatus) => ORDER_TRANSITIONS[s].filter((to) => to !== 'cancelled');

/** One order: lines, amounts, customer, dates; status moves along the life cycle, cancel with a reason, delete. */
export function OrderDetail({ base, id, onDeleted }: Props) {
  const [order, setOrder] = useState<OrderView | null>(null);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);
  const [next, setNext] = useState<OrderStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const terms = useShopTerms();

  useEffect(() => {
    const ctl = new AbortController();
    readOrder(id, ctl.signal).then(
      (body) => {
        if (body.data) show(body.data);
        else setFailed('Failed to fetch order');
      },
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [id, reload]);

  function show(o: OrderView) {
    setOrder(o);
    setNext(movesFrom(o.orderStatus)[0] ?? '');
  }

  async function move(to: OrderStatus) {
    const body = await setOrderStatus(id, to);
    if (body.data) show(body.data);
    setAlert('');
    setNotice(`Status changed to ${ORDER_STATUS_LABELS[body.data?.orderStatus ?? to]}`);
  }

  /** Someone else moved the order meanwhile: show where it is now, so the offered moves are right again. */
  function refused(err: unknown) {
    if (err instanceof ApiError && err.status === 409) setReload((n) => n + 1);
  }

  async function changeStatus(to: OrderStatus) {
    setBusy(true);
    setAlert('');
    setNotice('');
    try {
      await move(to);
    } catch (err) {
      setAlert(errorMessage(err));
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  async function refund() {
    try {
      await move('refunded');
      setAsking(null);
    } catch (err) {
      refused(err);
      throw err;
    }
  }

  async function cancel() {
    try {
      const body = await cancelOrder(id, reason);
      setAsking(null);
      setReason('');
      setAlert('');
      if (body.data) show(body.data);
      setNotice(body.data?.orderStatus === 'refunded' ? 'Order cancelled; the payment was refunded' : (body.message ?? 'Order cancelled'));
    } catch (err) {
      refused(err);
      throw err;
    }
  }

  async function remove() {
    const body = await deleteOrder(id);
    onDeleted(body.message ?? 'Order deleted');
    navigate(base);
  }

  const back = (
    <p className="back-link">
      <PanelLink href={base}>← Orders</PanelLink>
    </p>
  );
  if (failed) {
    return (
      <div className="panel-screen order-detail" data-ready="">
        {back}
        <FormAlert message={failed} />
      </div>
    );
  }
  if (!order) return <Loading label="Loading..." />;

  const moves = movesFrom(order.orderStatus);
  const paid = order.orderStatus !== 'pending_payment';
  return (
    <div className="panel-screen order-detail" data-ready="" data-status={order.orderStatus}>
      {back}
      <div className="screen-head">
        <h1>
          Order <span className="cell-nowrap">{order.orderNumber}</span>
        </h1>
        <OrderBadge status={order.orderStatus} />
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <div className="order-detail-layout">
        <section className="card order-items" aria-labelledby="order-items-title">
          <h2 id="order-items-title">Items</h2>
          <OrderLines order={order} terms={terms} />
          <OrderAmounts order={order} terms={terms} />
          <p className="muted">
            Payment: {gatewayLabel(order.paymentMethod)}, {order.currency}
          </p>
        </section>

        <section className="card" aria-labelledby="order-handling">
          <h2 id="order-handling">Handling</h2>
          {moves.length > 0 ? (
            <form
              className="order-move"
              onSubmit={(e) => {
                e.preventDefault();
                if (next === 'refunded') setAsking('refund');
                else if (next) void changeStatus(next);
              }}
            >
              <Field
                id="order-next-status"
                label="New status"
                required={false}
                options={moves.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
                value={next}
                onChange={(e) => setNext(e.target.value as OrderStatus)}
              />
              <button type="submit" className="btn btn-primary" disabled={busy || !next}>
                {busy ? 'Saving…' : 'Change status'}
              </button>
            </form>
          ) : (
            <p className="muted">
              {ORDER_TRANSITIONS[order.orderStatus].length
                ? 'Awaiting payment: the payment makes it Paid; until then it can only be cancelled.'
                : 'This order has ended: its status cannot change any more.'}
            </p>
          )}
          <div className="btn-row">
            {BUYER_CANCELLABLE.includes(order.orderStatus) && (
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setAsking('cancel')}>
                Cancel order
              </button>
            )}
            {!UNDELETABLE.includes(order.orderStatus) && (
              <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setAsking('delete')}>
                Delete order
              </button>
            )}
          </div>
          <h3>History</h3>
          <OrderDates order={order} />
        </section>

        <OrderCustomer order={order} />
      </div>

      {asking === 'refund' && (
        <ConfirmDialog
          title={`Refund order ${order.orderNumber}?`}
          confirmLabel="Refund"
          busyLabel="Refunding…"
          onConfirm={refund}
          onClose={() => setAsking(null)}
        >
          <p>The payment is given back through {gatewayLabel(order.paymentMethod)} and the order ends Refunded. This cannot be undone.</p>
        </ConfirmDialog>
      )}
      {asking === 'cancel' && (
        <ConfirmDialog
          title={`Cancel order ${order.orderNumber}?`}
          confirmLabel="Cancel order"
          busyLabel="Cancelling…"
          onConfirm={cancel}
          onClose={() => setAsking(null)}
        >
          <p>
            {paid
              ? `This order is paid: the server refunds the payment through ${gatewayLabel(order.paymentMethod)} and the order ends Refunded. The items go back into stock.`
              : 'The order ends Cancelled and its items go back into stock.'}
          </p>
          <Field
            id="order-cancel-reason"
            label="Reason"
            optional="(optional, the buyer can see it)"
            rows={3}
            maxLength={500}
            value={reason}
            placeholder={CANCEL_REASONS.admin}
            onChange={(e) => setReason(e.target.value)}
          />
        </ConfirmDialog>
      )}
      {asking === 'delete' && (
        <ConfirmDialog
          title={`Delete order ${order.orderNumber}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={remove}
          onClose={() => setAsking(null)}
        >
          <p>
            This permanently removes the order. An unpaid order gives its stock back first; a paid order that has not shipped cannot be
            deleted (cancel or refund it first). Payment records stay.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
