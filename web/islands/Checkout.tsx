import { useEffect, useState, type FormEvent } from 'react';
import { EmptyCart } from '#web/components/shop/empty-cart.tsx';
import { formatMoney } from '#core/money.ts';
import { CANADIAN_PROVINCES, provinceCode } from '#core/places/provinces.ts';
import { NO_GATEWAY, type PaymentGatewayName } from '#core/shop/shop-options.ts';
import type { ShopTerms } from '#core/shop/shop-terms.ts';
import type { PaymentMethodsView } from '#core/shop/views.ts';
import { CheckField, Field, FormAlert, serverFieldErrors, type FieldProps } from '#web/components/form-kit.tsx';
import { CartTotalsView } from '#web/components/shop/cart-totals-view.tsx';
import { CouponBox } from '#web/components/shop/coupon-box.tsx';
import { useAppliedCoupon } from '#web/components/shop/use-applied-coupon.ts';
import { errorMessage } from '#web/lib/api.ts';
import { missingChoices, overStock, readCart, totalsOf, type CartLine } from '#web/lib/cart.ts';
import { displayName, storedToken, storedUser } from '#web/lib/session.ts';
import {
  chosenMethod,
  freshUser,
  goToPayment,
  NO_BROWSER_FLOW,
  paymentMethods,
  placeOrder,
  profileAddress,
  rememberMethod,
  saveAddressToProfile,
  type ProfileAddress,
} from '#web/lib/shop-api.ts';

/** The buyer's contact, then the shipping address: one field each, named as placeOrder reads them. */
const CONTACT: readonly FieldSpec[] = [
  { name: 'name', label: 'Full name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];
const ADDRESS: readonly FieldSpec[] = [
  { name: 'line1', label: 'Address', autoComplete: 'address-line1' },
  { name: 'line2', label: 'Apartment, suite', autoComplete: 'address-line2', optional: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'province', label: 'Province or territory', autoComplete: 'address-level1', blankOption: 'Choose…' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name', defaultValue: 'Canada' },
];
type FieldSpec = { name: string } & Omit<FieldProps, 'id' | 'name'>;

type State = { lines: CartLine[]; signedIn: boolean; name: string; email: string; saved: ProfileAddress };

const PROVINCE_OPTIONS = CANADIAN_PROVINCES.map((p) => ({ value: p.code, label: p.name }));
/** The provinces, plus a stored one that is none of them (an address abroad) so it is not lost. */
const provinceOptions = (stored: string) =>
  stored && !provinceCode(stored) ? [...PROVINCE_OPTIONS, { value: stored, label: stored }] : PROVINCE_OPTIONS;
const RETURN_HERE = encodeURIComponent('/checkout');

/**
 * Contact, shipping address (remembered from the profile, saved back when asked), notes, coupon and
 * payment method; Place order sends the buyer to the gateway.
 */
export default function Checkout({ cancelled, terms }: { cancelled?: boolean; terms: ShopTerms }) {
  const [state, setState] = useState<State | null>(null);
  const [methods, setMethods] = useState<PaymentMethodsView | null>(null);
  const [method, setMethod] = useState<PaymentGatewayName>('stripe');
  const [alert, setAlert] = useState(
    cancelled ? 'The payment was cancelled. Your items are reserved for a short while: you can try again.' : '',
  );
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const stored = storedUser();
    const signedIn = Boolean(storedToken() && stored);
    void (signedIn ? freshUser() : Promise.resolve(null)).then((fresh) => {
      const user = fresh ?? stored;
      setState({
        lines: readCart(),
        signedIn,
        name: user ? displayName(user) : '',
        email: user?.email ?? '',
        saved: profileAddress(user),
      });
    });
    void paymentMethods().then((m) => {
      setMethods(m);
      setMethod(chosenMethod(m.availableGateways));
    });
  }, []);

  const { coupon, notice, amount, change } = useAppliedCoupon(state?.lines ?? null);

  if (!state) return <p className="form-note">Loading your cart…</p>;
  if (!state.lines.length) return <EmptyCart />;
  if (!state.signedIn)
    return (
      <div className="shop-empty" data-ready="">
        <p>Please log in or create an account to place your order. Your cart is kept, and you come back here.</p>
        <a className="btn btn-primary" href={`/auth/login?next=${RETURN_HERE}`}>
          Log in
        </a>{' '}
        <a className="btn btn-secondary" href={`/auth/register?next=${RETURN_HERE}`}>
          Create an account
        </a>
      </div>
    );

  const totals = totalsOf(state.lines, coupon, terms.shipping);
  const money = (cents: number) => formatMoney(cents, terms.money);
  // No gateway configured (production): say so before the buyer fills the form, and place no order.
  const noPayment = methods !== null && methods.availableGateways.length === 0;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!state) return;
    const problem =
      missingChoices(state.lines) ??
      (overStock(state.lines).length ? 'Some quantities are above the stock: please update your cart.' : null);
    if (problem) return setAlert(problem);
    const f = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    setBusy(true);
    setAlert('');
    setErrors({});
    try {
      rememberMethod(method);
      const body = await placeOrder({
        items: state.lines.map((l) => ({ product: l.productId, quantity: l.quantity, size: l.size, color: l.color, price: l.price })),
        couponCode: coupon?.code,
        paymentMethod: method,
        contact: { name: f.name, email: f.email, phone: f.phone },
        shippingAddress: {
          line1: f.line1,
          line2: f.line2,
          city: f.city,
          province: f.province,
          postalCode: f.postalCode,
          country: f.country,
        },
        notes: f.notes,
      });
      const order = body.data?.order;
      if (f.saveToProfile) {
        const fields = {
          phone: f.phone,
          address: f.line1,
          city: f.city,
          state: f.province,
          postalCode: f.postalCode,
          country: f.country,
        };
        // The order is placed: a profile that cannot be saved must not stop the payment.
        await saveAddressToProfile(fields as ProfileAddress).catch(() => undefined);
      }
      const payer = {
        description: `Order ${order?.orderNumber ?? ''}`,
        name: f.name,
        email: f.email,
        phone: f.phone,
      };
      if (!(await goToPayment(body.data?.payment, payer))) setAlert(NO_BROWSER_FLOW);
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setAlert(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const saved = state.saved;
  const defaults: Record<string, string> = {
    name: state.name,
    email: state.email,
    phone: saved.phone,
    line1: saved.address,
    city: saved.city,
    province: provinceCode(saved.state) ?? saved.state,
    postalCode: saved.postalCode,
    country: saved.country || 'Canada',
  };
  const field = ({ name, ...f }: FieldSpec) => (
    <Field
      key={name}
      id={`co-${name}`}
      name={name}
      defaultValue={defaults[name]}
      error={errors[name]}
      {...(name === 'province' ? { options: provinceOptions(defaults.province ?? '') } : {})}
      {...f}
    />
  );

  return (
    <div className="checkout-page">
      <form id="checkout-form" className="checkout form" onSubmit={onSubmit} noValidate aria-busy={busy} data-ready="">
        {alert && <FormAlert message={alert} />}
        <fieldset>
          <legend>Contact</legend>
          {CONTACT.map(field)}
        </fieldset>
        <fieldset>
          <legend>Shipping address</legend>
          {ADDRESS.map(field)}
          <CheckField
            id="co-save"
            name="saveToProfile"
            value="1"
            defaultChecked
            label="Save to my profile"
            hint="Your phone and address are filled in next time."
          />
          <Field id="co-notes" name="notes" label="Notes for the school" rows={3} optional maxLength={1000} />
        </fieldset>
        <fieldset>
          <legend>Payment method</legend>
          {noPayment && (
            <p className="form-note" role="status">
              {NO_GATEWAY}. Please contact the school to place your order; your cart is kept.
            </p>
          )}
          {(methods?.supportedMethods ?? [])
            .filter((m) => m.supported)
            .map((m) => (
              <label key={m.id} className="radio">
                <input type="radio" name="method" value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} />
                <span>
                  <strong>{m.name}</strong> <span className="form-note">{m.description}</span>
                </span>
              </label>
            ))}
        </fieldset>
      </form>
      {/* Outside the form: the coupon box is a form of its own; the submit button points back with form=. */}
      <section aria-label="Order summary" className="checkout-summary">
        <ul className="checkout-lines">
          {state.lines.map((l) => (
            <li key={`${l.productId}:${l.size}:${l.color}`}>
              <span>
                {l.name}
                {l.size ? `, size ${l.size}` : ''}
                {l.color ? `, ${l.color}` : ''}
              </span>
              <span className="order-line-maths">
                {money(Math.round(l.price * 100))} × {l.quantity} = <strong>{money(Math.round(l.price * 100) * l.quantity)}</strong>
              </span>
            </li>
          ))}
        </ul>
        <CouponBox amountCents={amount} coupon={coupon} notice={notice} onChange={change} />
        <CartTotalsView totals={totals} terms={terms} rates={state.lines.map((l) => l.gstRate)} couponCode={coupon?.code} />
        <p className="form-note">
          Prices, tax and shipping are confirmed by the school when you place the order. <a href="/cart">Edit cart</a>
        </p>
        <button type="submit" form="checkout-form" className="btn btn-primary" disabled={busy || noPayment}>
          {busy ? 'Placing order…' : 'Place order and pay'}
        </button>
      </section>
    </div>
  );
}
