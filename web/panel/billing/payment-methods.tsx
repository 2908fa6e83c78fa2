import { useState, type Ref } from 'react';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { makeDefault, removeMethod, startMethod } from './billing-api.ts';
import type { PaymentMethodView } from '#core/billing/views.ts';

type Props = {
  methods: readonly PaymentMethodView[] | null;
  headingRef: Ref<HTMLHeadingElement>;
  onDone: (message: string) => void;
  onFailed: (message: string) => void;
};

/** The saved cards: add one on the gateway's own page (the product never sees the number), choose the default, remove one. */
export function PaymentMethods({ methods, headingRef, onDone, onFailed }: Props) {
  const [busy, setBusy] = useState('');
  const [removing, setRemoving] = useState<PaymentMethodView | null>(null);

  async function add() {
    setBusy('add');
    try {
      const start = await startMethod();
      if (start.checkoutUrl) return window.location.assign(start.checkoutUrl);
      if (!start.keyId || !start.customerId) throw new Error('The payment method could not be saved');
      // Razorpay saves the card in its Checkout window on this page, then returns here with the proof.
      const returnPath = `${window.location.pathname}?method=${encodeURIComponent(start.method._id)}`;
      const { saveCardWithRazorpay } = await import('#web/lib/razorpay-checkout.ts');
      const card = { keyId: start.keyId, setupId: start.setupId, customerId: start.customerId };
      if (await saveCardWithRazorpay(card, returnPath, { description: 'Save a card for automatic payments' })) return;
      onDone('Adding the payment method was cancelled: nothing was saved.');
      setBusy('');
    } catch (err) {
      onFailed(errorMessage(err));
      setBusy('');
    }
  }
  async function setDefault(m: PaymentMethodView) {
    setBusy(m._id);
    try {
      await makeDefault(m._id);
      onDone(`${m.label} is now your default payment method.`);
    } catch (err) {
      onFailed(errorMessage(err));
    } finally {
      setBusy('');
    }
  }

  return (
    <section className="card billing-section" aria-labelledby="billing-methods-title">
      <h2 id="billing-methods-title" ref={headingRef} tabIndex={-1}>
        Payment methods
      </h2>
      <p className="muted">Cards are saved by the payment provider; the school never sees the card number.</p>
      {methods === null ? (
        <p role="status">Loading your payment methods…</p>
      ) : methods.length === 0 ? (
        <p className="billing-empty">No payment method saved yet. Add one to pay your dues automatically.</p>
      ) : (
        <ul className="billing-methods">
          {methods.map((m) => (
            <li key={m._id} className="billing-method" data-id={m._id}>
              <span className="billing-method-label">
                <strong>{m.label}</strong>
                {m.isDefault && <span className="badge badge-active">Default</span>}
                <span className="muted">
                  Added <SchoolTime iso={m.createdAt} show="shortDate" />
                </span>
              </span>
              <span className="row-actions">
                {!m.isDefault && (
                  <button type="button" className="btn btn-secondary btn-sm" disabled={busy === m._id} onClick={() => void setDefault(m)}>
                    Make default<span className="visually-hidden"> {m.label}</span>
                  </button>
                )}
                <button type="button" className="btn btn-danger btn-sm" onClick={() => setRemoving(m)}>
                  Remove<span className="visually-hidden"> {m.label}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn btn-primary" disabled={busy === 'add'} onClick={() => void add()}>
        {busy === 'add' ? 'Opening…' : 'Add a payment method'}
      </button>
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.label}?`}
          confirmLabel="Remove card"
          busyLabel="Removing…"
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            await removeMethod(removing._id);
            const label = removing.label;
            setRemoving(null);
            onDone(`${label} removed.`);
          }}
        >
          <p>
            {removing.isDefault
              ? 'It is your default. Memberships on autopay are charged to your next default card; with none left, the next charge fails until you add one.'
              : 'It will not be charged again.'}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
