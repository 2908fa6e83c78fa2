import type { ReactNode } from 'react';

/** A return page's state: checking the proof, done with what was paid for, declined at the gateway, or failed in words. */
export type ReturnView<T> = { kind: 'checking' } | { kind: 'done'; value: T } | { kind: 'declined' } | { kind: 'failed'; message: string };

/** The gateway's proof in the return address: Stripe's `session_id`, PayPal's `token`, Razorpay's payment ID and signature. */
export function proofInQuery(q: URLSearchParams) {
  const sessionId = q.get('sessionId') ?? q.get('session_id') ?? q.get('token') ?? '';
  return { sessionId, paymentId: q.get('paymentId') ?? sessionId, signature: q.get('signature') ?? '' };
}

/** The order's or the enrolment's return page while checking, or when the payment did not go through (with its ways on). */
export function ReturnProblem({ view, declined, children }: { view: ReturnView<unknown>; declined: string; children: ReactNode }) {
  if (view.kind === 'checking') return <p role="status">Confirming your payment…</p>;
  return (
    <div className="order-problem" data-ready="">
      <p role="alert" className="form-error">
        {view.kind === 'failed' ? view.message : declined}
      </p>
      {children}
    </div>
  );
}
