import { useEffect, useState, type ReactNode } from 'react';
import { formatMoney } from '#core/money.ts';
import type { PaymentMethodsView, PaymentStart } from '#core/shop/views.ts';
import type { Role } from '#core/roles.ts';
import type { PaymentGatewayName } from '#core/shop/shop-options.ts';
import { storedToken, storedUser, type SessionUser } from '#web/lib/session.ts';
import { chosenMethod, goToPayment, NO_BROWSER_FLOW } from '#web/lib/shop-api.ts';
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

type Outsider = { next: string; action: string; visitorNote: string; staffNote: string };

/** What a visitor (login links that come back to `next`) or a staff account (a note) sees; null for a learner or an instructor. */
export function outsiderView(viewer: Viewer | null, { next, action, visitorNote, staffNote }: Outsider): ReactNode {
  if (!viewer || viewer.kind === 'visitor')
    return (
      <SignInLinks next={next} action={action}>
        <p className="muted small">{visitorNote}</p>
      </SignInLinks>
    );
  if (viewer.kind === 'staff')
    return (
      <p className="enrol-note" data-ready="">
        {staffNote}
      </p>
    );
  return null;
}

/**
 * The learner's live enrolment in this course or membership: undefined while it is read, null when there
 * is none. Without the list the form still opens: the server refuses a second live enrolment in words.
 */
export function useLiveEnrollment<T extends { enrollmentStatus: string }>(
  viewer: Viewer | null,
  read: () => Promise<{ data?: T[] | null }>,
  ownerOf: (e: T) => string | null | undefined,
  owner: string,
  live: readonly string[],
): T | null | undefined {
  const [existing, setExisting] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    if (viewer?.kind !== 'learner' && viewer?.kind !== 'instructor') return;
    read().then(
      (body) => setExisting((body.data ?? []).find((e) => ownerOf(e) === owner && live.includes(e.enrollmentStatus)) ?? null),
      () => setExisting(null),
    );
  }, [viewer, read, ownerOf, owner, live]);
  return existing;
}

/** The methods the school offers and the one chosen: the saved one (read on opening) while still offered, else the usual choice. */
export function usePaymentMethod(load: () => Promise<PaymentMethodsView>, saved?: string, when = true) {
  const [first] = useState(saved);
  const [methods, setMethods] = useState<PaymentMethodsView | null>(null);
  const [method, setMethod] = useState<string>(first ?? 'stripe');
  useEffect(() => {
    if (!when) return;
    void load().then((m) => {
      setMethods(m);
      const stored = first as PaymentGatewayName | undefined;
      setMethod(stored && m.availableGateways.includes(stored) ? stored : chosenMethod(m.availableGateways));
    });
  }, [load, first, when]);
  return { methods, method, setMethod };
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
