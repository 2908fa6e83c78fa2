import { useEffect, useState } from 'react';
import type { ShopTerms } from '#core/shop/shop-terms.ts';
import type { OrderView } from '#core/shop/views.ts';
import { errorMessage } from '#web/lib/api.ts';
import { clearCart } from '#web/lib/cart.ts';
import { storedUser } from '#web/lib/session.ts';
import { payAgain, verifyOrderPayment } from '#web/lib/shop-api.ts';
import { OrderBreakdown } from '#web/components/shop/order-breakdown.tsx';
import { proofInQuery, ReturnProblem, type ReturnView } from '#web/components/shop/payment-return.tsx';

/**
 * Where the gateway sends the buyer back: the proof in the query goes to verify-payment; a verified
 * payment clears the cart (spec 4). A declined payment can be tried again for the same order.
 */
export default function OrderComplete({ terms }: { terms: ShopTerms }) {
  const [view, setView] = useState<ReturnView<OrderView>>({ kind: 'checking' });
  const [orderId, setOrderId] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const id = q.get('orderId') ?? '';
    setOrderId(id);
    if (q.get('declined')) return setView({ kind: 'declined' });
    const proof = { orderId: id, ...proofInQuery(q) };
    if (!id || !proof.sessionId)
      return setView({ kind: 'failed', message: 'Payment verification failed: the payment details are missing.' });
    verifyOrderPayment(proof).then(
      (body) => {
        clearCart();
        setView({ kind: 'done', value: body.data!.order });
      },
      (err) => setView({ kind: 'failed', message: errorMessage(err) }),
    );
  }, []);

  async function retry() {
    setBusy(true);
    try {
      await payAgain(orderId);
    } catch (err) {
      setView({ kind: 'failed', message: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  if (view.kind !== 'done')
    return (
      <ReturnProblem view={view} declined="The payment was declined. Your order is kept for a short while.">
        {orderId && (
          <button type="button" className="btn btn-primary" onClick={retry} disabled={busy}>
            Try the payment again
          </button>
        )}{' '}
        <a className="btn btn-secondary" href="/cart">
          Back to cart
        </a>
      </ReturnProblem>
    );
  const order = view.value;
  // Students and members follow their orders in their panel ("My orders").
  const role = storedUser()?.role;
  const hasMyOrders = role === 'student' || role === 'member';
  return (
    <div className="order-done" data-ready="">
      <p role="status" className="form-success">
        Thank you! Payment received for order <strong>{order.orderNumber}</strong>. A confirmation e-mail is on its way.
      </p>
      <OrderBreakdown order={order} terms={terms} />
      <div className="btn-row">
        <a className="btn btn-primary" href="/shop">
          Continue shopping
        </a>
        {hasMyOrders && (
          <a className="btn btn-secondary" href="/student/orders">
            See my orders
          </a>
        )}
      </div>
    </div>
  );
}
