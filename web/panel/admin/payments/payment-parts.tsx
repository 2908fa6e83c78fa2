import type { PaymentStatus } from '#core/shop/shop-options.ts';
import type { PaymentView } from '#core/shop/views.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { PAYMENT_STATUS_LABELS, PURCHASE_LABELS } from './payment-labels.ts';

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <span className={`badge payment-${status}`}>{PAYMENT_STATUS_LABELS[status]}</span>;
}

/** The admin panel's screen (a route in screens.ts) each purchase's page is on; renewals have none. */
const PURCHASE_ROUTES: Partial<Record<PaymentView['purchaseType'], string>> = {
  order: 'shop-orders',
  course_enrollment: 'course-enrollments',
  membership: 'membership-enrollments',
};

/** What was paid for; an order or an enrolment links to its page in this panel (`panelBase`). */
export function PurchaseLink({ payment: p, panelBase }: { payment: PaymentView; panelBase: string }) {
  const id = <span className="cell-note cell-code">{p.purchaseId}</span>;
  const route = PURCHASE_ROUTES[p.purchaseType];
  if (!route) {
    return (
      <>
        {PURCHASE_LABELS[p.purchaseType]}
        {id}
      </>
    );
  }
  return (
    <PanelLink href={`${panelBase}/${route}/${encodeURIComponent(p.purchaseId)}`}>
      {PURCHASE_LABELS[p.purchaseType]}
      {id}
    </PanelLink>
  );
}

/** Who paid: name, then e-mail. */
export function Payer({ payment: p }: { payment: PaymentView }) {
  if (!p.payer) return <>—</>;
  return (
    <>
      {p.payer.name}
      <span className="cell-note">{p.payer.email}</span>
    </>
  );
}
