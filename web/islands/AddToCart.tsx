import { useEffect, useState, type FormEvent } from 'react';
import type { ProductView } from '#core/shop/views.ts';
import { addLine, lineFor, readCart, writeCart } from '#web/lib/cart.ts';

/** Size and colour pickers, quantity and Add to cart for one product (the cart lives in localStorage). */
export default function AddToCart({ product }: { product: ProductView }) {
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  useEffect(() => setReady(true), []);
  const soldOut = product.stockQuantity <= 0;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const pick = (name: string) => (typeof data.get(name) === 'string' && data.get(name) !== '' ? String(data.get(name)) : null);
    const quantity = Math.max(1, Math.floor(Number(data.get('quantity')) || 1));
    const { lines, refusal, capped } = addLine(readCart(), lineFor(product, { size: pick('size'), color: pick('color'), quantity }));
    if (refusal) return setMessage({ kind: 'error', text: refusal });
    writeCart(lines);
    setMessage({ kind: 'ok', text: capped ? `${capped} in your cart.` : `Added ${quantity} × ${product.name} to your cart.` });
  }

  return (
    <form className="add-to-cart" onSubmit={onSubmit} data-ready={ready ? '' : undefined} noValidate>
      <ChoiceSelect name="size" label="Size" choices={product.sizes} />
      <ChoiceSelect name="color" label="Colour" choices={product.colors} />
      <div className="field field-qty">
        <label htmlFor="pick-qty">Quantity</label>
        <input
          id="pick-qty"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, product.stockQuantity)}
          defaultValue={1}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={!ready || soldOut}>
        {soldOut ? 'Out of stock' : 'Add to cart'}
      </button>
      <p className={message?.kind === 'error' ? 'form-error' : 'form-note'} role={message?.kind === 'error' ? 'alert' : 'status'}>
        {message?.text}
        {message?.kind === 'ok' && (
          <>
            {' '}
            <a href="/cart">View cart</a>
          </>
        )}
      </p>
      {!ready && <p className="form-note">Adding to the cart needs JavaScript.</p>}
    </form>
  );
}

/** A size or colour picker, shown only when the product comes in several. */
function ChoiceSelect({ name, label, choices }: { name: 'size' | 'color'; label: string; choices: readonly string[] }) {
  if (!choices.length) return null;
  return (
    <div className="field">
      <label htmlFor={`pick-${name}`}>{label}</label>
      <select id={`pick-${name}`} name={name} defaultValue="">
        <option value="">Choose a {label.toLowerCase()}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}
