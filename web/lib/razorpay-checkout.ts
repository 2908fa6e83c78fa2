import type { PaymentStart } from '#core/shop/views.ts';

/** Razorpay's Standard Checkout script: its modal collects the payment, then hands back the signed ids. */
const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayAnswer = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
type RazorpayOptions = {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
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

/** Opens Razorpay's modal for the order the server created; resolves false when the buyer closes it. */
export async function payWithRazorpay(start: PaymentStart, payer: Payer): Promise<boolean> {
  const Razorpay = await loadScript();
  return new Promise<boolean>((resolve) => {
    new Razorpay({
      key: start.keyId ?? '',
      order_id: start.sessionId,
      amount: start.amount,
      currency: start.currency,
      name: document.title.split('|').pop()?.trim() || 'Dojo',
      description: payer.description,
      prefill: { name: payer.name, email: payer.email, contact: payer.phone },
      handler: (answer) => {
        window.location.assign(razorpayReturnUrl(start.returnPath, answer));
        resolve(true);
      },
      modal: { ondismiss: () => resolve(false) },
    }).open();
  });
}
