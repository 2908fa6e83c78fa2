import type { PaymentStart } from '#core/shop/views.ts';

/** Razorpay's Standard Checkout script: its modal collects the payment, then hands back the signed ids. */
const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayAnswer = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
type RazorpayOptions = {
  key: string;
  order_id: string;
  /** Left out when saving a card: the setup's order carries its amount. */
  amount?: number;
  currency?: string;
  /** Saving a card for automatic payments: the customer the token is for, and Checkout's recurring flag. */
  customer_id?: string;
  recurring?: '1';
  name: string;
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  handler: (answer: RazorpayAnswer) => void;
  modal: { ondismiss: () => void };
};
type RazorpayCtor = new (options: RazorpayOptions) => { open(): void };

let loading: Promise<RazorpayCtor> | null = null;

function loadScript(): Promise<RazorpayCtor> {
  const w = window as unknown as { Razorpay?: RazorpayCtor };
  if (w.Razorpay) return Promise.resolve(w.Razorpay);
  // Inserted by our own (nonce'd) module, so the page's strict-dynamic CSP lets it run.
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = SCRIPT_URL;
    s.async = true;
    s.onload = () => (w.Razorpay ? resolve(w.Razorpay) : reject(new Error('The payment window could not be opened.')));
    s.onerror = () => {
      loading = null;
      reject(new Error('The payment window could not be opened. Please check your connection and try again.'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

/** Where the buyer lands once Razorpay has the payment: the same proof fields as the sandbox's. */
export const razorpayReturnUrl = (returnPath: string, a: RazorpayAnswer) =>
  `${returnPath}${returnPath.includes('?') ? '&' : '?'}${new URLSearchParams({
    sessionId: a.razorpay_order_id,
    paymentId: a.razorpay_payment_id,
    signature: a.razorpay_signature,
  })}`;

export type Payer = { description: string; name?: string; email?: string; phone?: string };

type Opening = Omit<RazorpayOptions, 'name' | 'description' | 'prefill' | 'handler' | 'modal'>;

/** Opens Razorpay's modal; once it has the payment the browser goes to `returnPath` with the proof. Resolves false when closed. */
async function openCheckout(opening: Opening, returnPath: string, payer: Payer): Promise<boolean> {
  const Razorpay = await loadScript();
  return new Promise<boolean>((resolve) => {
    new Razorpay({
      ...opening,
      name: document.title.split('|').pop()?.trim() || 'Dojo',
      description: payer.description,
      prefill: { name: payer.name, email: payer.email, contact: payer.phone },
      handler: (answer) => {
        window.location.assign(razorpayReturnUrl(returnPath, answer));
        resolve(true);
      },
      modal: { ondismiss: () => resolve(false) },
    }).open();
  });
}

/** Pays the order the server created. */
export const payWithRazorpay = (start: PaymentStart, payer: Payer) =>
  openCheckout(
    { key: start.keyId ?? '', order_id: start.sessionId, amount: start.amount, currency: start.currency },
    start.returnPath,
    payer,
  );

export type CardSetup = { keyId: string; setupId: string; customerId: string };

/** What Checkout opens with to save a card for automatic payments: the setup's order, for its customer, as a recurring mandate. */
export const cardSetupOpening = (setup: CardSetup): Opening => ({
  key: setup.keyId,
  order_id: setup.setupId,
  customer_id: setup.customerId,
  recurring: '1',
});

/** Saves a card (a token for the school's automatic charges); back on `returnPath`, the proof completes the method. */
export const saveCardWithRazorpay = (setup: CardSetup, returnPath: string, payer: Payer) =>
  openCheckout(cardSetupOpening(setup), returnPath, payer);
