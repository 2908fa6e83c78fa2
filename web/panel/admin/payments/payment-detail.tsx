import { useEffect, useState, type ReactNode } from 'react';
import type { PaymentStatus } from '#core/shop/shop-options.ts';
import type { PaymentView } from '#core/shop/views.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { Loading } from '#web/components/loading.tsx';
import { Field, FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { dateTime, text } from '#web/panel/admin/screens/shared.tsx';
import { PAYMENT_MOVES } from '#core/shop/shop-options.ts';
import { readPayment, setPaymentStatus } from './payments-api.ts';
import { amountIn, GATEWAY_LABELS, PAYMENT_STATUS_LABELS } from './payment-labels.ts';
import { PaymentBadge, Payer, PurchaseLink } from './payment-parts.tsx';

type Props = { base: string; panelBase: string; id: string };

/** What each move does, said in the confirmation (the server settles or refunds the purchase with it). */
function consequence(to: PaymentStatus, p: PaymentView) {
  const purchase = p.purchaseType === 'order' ? 'the order' : 'the purchase';
  switch (to) {
    case 'succeeded':
      return `Records ${amountIn(p.amount, p.currency)} as received by hand (for example cash at the front desk), and ${purchase} is settled as paid.`;
    case 'refunded':
      return `Gives ${amountIn(p.amount, p.currency)} back through ${GATEWAY_LABELS[p.gateway]}, and ${purchase} is marked refunded.`;
    default:
      return `Closes this open payment as ${PAYMENT_STATUS_LABELS[to].toLowerCase()}; nothing is charged.`;
  }
}

/** One payment with every id the gateways gave it, and the admin's status change where the server allows one. */
export function PaymentDetail({ base, panelBase, id }: Props) {
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);
  const [next, setNext] = useState<PaymentStatus | ''>('');
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    readPayment(id, ctl.signal).then(
      (body) => (body.data ? show(body.data) : setFailed('Failed to fetch payment')),
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [id, reload]);

  function show(p: PaymentView) {
    setPayment(p);
    setNext(PAYMENT_MOVES[p.status][0] ?? '');
  }

  async function change() {
    if (!next) return;
    try {
      const body = await setPaymentStatus(id, next);
      if (body.data) show(body.data);
      setAsking(false);
      setNotice(`Payment marked ${PAYMENT_STATUS_LABELS[body.data?.status ?? next].toLowerCase()}`);
    } catch (err) {
      // Moved meanwhile (a webhook, another admin): show where it is now.
      if (err instanceof ApiError && err.status === 409) setReload((n) => n + 1);
      throw err;
    }
  }

  const back = (
    <p className="back-link">
      <PanelLink href={base}>← Payments</PanelLink>
    </p>
  );
  if (failed) {
    return (
      <div className="panel-screen payment-detail" data-ready="">
        {back}
        <FormAlert message={failed} />
      </div>
    );
  }
  if (!payment) return <Loading label="Loading..." />;

  const p = payment;
  const moves = PAYMENT_MOVES[p.status];
  const facts: [string, ReactNode][] = [
    ['Amount', amountIn(p.amount, p.currency)],
    ['Gateway', GATEWAY_LABELS[p.gateway]],
    ['Paid for', <PurchaseLink key="for" payment={p} panelBase={panelBase} />],
    ['Created', dateTime(p.createdAt)],
    ['Paid', dateTime(p.paidAt)],
    ['Refunded', dateTime(p.refundedAt)],
    ['Last change', dateTime(p.updatedAt)],
    ['Failure reason', text(p.failureReason)],
    ['Payment id', <code key="payment">{p._id}</code>],
    ['Session id', <code key="session">{p.sessionId}</code>],
    ['Provider id', p.providerPaymentId ? <code key="provider">{p.providerPaymentId}</code> : text(null)],
    ['Payer', <Payer key="payer" payment={p} />],
    ['Payer id', p.user ? <code key="payer-id">{p.user}</code> : text(null)],
  ];
  return (
    <div className="panel-screen payment-detail" data-ready="" data-status={p.status}>
      {back}
      <div className="screen-head">
        <h1>Payment of {amountIn(p.amount, p.currency)}</h1>
        <PaymentBadge status={p.status} />
      </div>
      <FormStatus message={notice} />
      <div className="order-detail-layout">
        <section className="card" aria-labelledby="payment-facts">
          <h2 id="payment-facts">Details</h2>
          <dl className="facts">
            {facts.map(([label, value]) => (
              <Fact key={label} label={label} value={value} />
            ))}
          </dl>
        </section>
        <section className="card" aria-labelledby="payment-handling">
          <h2 id="payment-handling">Status</h2>
          {moves.length > 0 && next ? (
            <form
              className="order-move"
              onSubmit={(e) => {
                e.preventDefault();
                setNotice('');
                setAsking(true);
              }}
            >
              <Field
                id="payment-next-status"
                label="New status"
                required={false}
                options={moves.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
                value={next}
                onChange={(e) => setNext(e.target.value as PaymentStatus)}
              />
              <button type="submit" className="btn btn-primary">
                Change status
              </button>
            </form>
          ) : (
            <p className="muted">This payment is closed: its status cannot change any more.</p>
          )}
        </section>
      </div>

      {asking && next && (
        <ConfirmDialog
          title={`Mark this payment ${PAYMENT_STATUS_LABELS[next].toLowerCase()}?`}
          confirmLabel="Change status"
          busyLabel="Saving…"
          danger={next === 'refunded'}
          onConfirm={change}
          onClose={() => setAsking(false)}
        >
          <p>{consequence(next, p)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
