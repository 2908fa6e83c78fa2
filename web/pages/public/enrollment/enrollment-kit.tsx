import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { formatMoney } from '#core/money.ts';
import type { PaymentMethodsView, PaymentStart } from '#core/shop/views.ts';
import type { Role } from '#core/roles.ts';
import { storedToken, storedUser, type SessionUser } from '#web/lib/session.ts';
import { goToPayment, NO_BROWSER_FLOW } from '#web/lib/shop-api.ts';
import { loginHref, registerHref } from '#web/pages/public/links.ts';

/** Who is looking: null before the browser has read the session (the server renders the visitor's view). */
export type Viewer = { kind: 'visitor' } | { kind: 'learner' | 'instructor' | 'staff'; user: SessionUser };

const kindOf = (role: Role): 'learner' | 'instructor' | 'staff' =>
  role === 'student' || role === 'member' ? 'learner' : role === 'instructor' ? 'instructor' : 'staff';

export function useViewer(): Viewer | null {
  const [viewer, setViewer] = useState<Viewer | null>(null);
  useEffect(() => {
    const user = storedUser();
    setViewer(storedToken() && user ? { kind: kindOf(user.role), user } : { kind: 'visitor' });
  }, []);
  return viewer;
}

/** The visitor's way in; both links bring them back to `next` (the page with the form open). */
export function SignInLinks({ next, action, children }: { next: string; action: string; children?: ReactNode }) {
  return (
    <div className="enrol-signin">
      {children}
      <a className="btn btn-primary btn-block" href={loginHref(next)}>
        {`Log in to ${action}`}
      </a>
      <a className="btn btn-secondary btn-block" href={registerHref(next)}>
        Create an account
      </a>
    </div>
  );
}

export type MoneyLine = { label: string; cents: number; minus?: boolean; total?: boolean };

/** A price breakdown; lines of 0 that are reductions are left out. */
export function MoneyLines({ lines, symbol = '$', label }: { lines: MoneyLine[]; symbol?: string; label: string }) {
  return (
    <dl className="cart-totals enrol-totals" aria-label={label}>
      {lines
        .filter((l) => !(l.minus && l.cents <= 0))
        .map((l) => (
          <div key={l.label} className={l.total ? 'cart-total' : undefined}>
            <dt>{l.label}</dt>
            <dd>{`${l.minus ? '−' : ''}${formatMoney(l.cents, symbol)}`}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The gateways the server offers, as radios (spec 3 payment methods). */
export function MethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: PaymentMethodsView | null;
  value: string;
  onChange: (id: string) => void;
}) {
  const offered = (methods?.supportedMethods ?? []).filter((m) => m.supported);
  return (
    <fieldset className="enrol-methods">
      <legend>Payment method</legend>
      {!methods && <p className="form-note">Loading the payment methods…</p>}
      {offered.map((m) => (
        <label key={m.id} className="radio">
          <input type="radio" name="paymentMethod" value={m.id} checked={value === m.id} onChange={() => onChange(m.id)} />
          <span>
            <strong>{m.name}</strong> <span className="form-note">{m.description}</span>
          </span>
        </label>
      ))}
      {methods && <p className="form-note">{`Prices in ${methods.currency.name} (${methods.currency.symbol}).`}</p>}
    </fieldset>
  );
}

export type Notice = { text: string; error: boolean };

/** Apply or remove a coupon; `apply` answers the refusal's words, or null once applied. */
export function CodeBox({
  applied,
  notice,
  onApply,
  onRemove,
}: {
  applied: string | null;
  notice: Notice;
  onApply: (code: string) => Promise<void>;
  onRemove: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    await onApply(String(new FormData(e.currentTarget).get('coupon') ?? ''));
    setBusy(false);
  }
  const message = (
    <p id="coupon-message" className={notice.error ? 'form-error' : 'form-note'} role="status">
      {notice.text}
    </p>
  );
  if (applied)
    return (
      <div className="coupon-box">
        <p>
          Coupon <strong>{applied}</strong> applied.{' '}
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRemove}>
            Remove coupon
          </button>
        </p>
        {notice.error && message}
      </div>
    );
  return (
    <form className="coupon-box" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <label htmlFor="coupon-code">Coupon code</label>
      <div className="coupon-row">
        <input id="coupon-code" name="coupon" autoComplete="off" maxLength={40} aria-describedby="coupon-message" />
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          Apply
        </button>
      </div>
      {message}
    </form>
  );
}

/** The upload's progress, announced to screen readers as it moves. */
export function UploadProgress({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <div className="upload-progress">
      <label htmlFor="upload-progress">{percent < 100 ? 'Uploading your documents…' : 'Uploaded, finishing…'}</label>
      <progress id="upload-progress" max={100} value={percent} aria-valuetext={`${percent}%`} />
      <span className="upload-percent" aria-live="polite">{`${percent}%`}</span>
    </div>
  );
}

/**
 * Off to the gateway the server prepared (its page, or Razorpay's modal here), which returns to
 * `/enroll/complete` or `/memberships/complete` with its proof: the shop's own `goToPayment`.
 */
export async function goToGateway(payment: PaymentStart, description: string): Promise<void> {
  if (!(await goToPayment(payment, { description }))) throw new Error(NO_BROWSER_FLOW);
}

/** API decimals → cents for display. */
export const cents = (n: number) => Math.round(n * 100);
