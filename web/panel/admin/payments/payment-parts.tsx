import type { PaymentStatus } from '#core/shop/shop-options.ts';
import type { PaymentView } from '#core/shop/views.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { PAYMENT_STATUS_LABELS, PURCHASE_LABELS } from './payment-labels.ts';

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <span className={`badge payment-${status}`}>{PAYMENT_STATUS_LABELS[status]}</span>;
}

/** What was paid for; a shop order links to its page on the orders screen. */
export function PurchaseLink({ payment: p, ordersBase }: { payment: PaymentView; ordersBase: string }) {
  const id = <span className="cell-note cell-code">{p.purchaseId}</span>;
  if (p.purchaseType !== 'order') {
    return (
      <>
        {PURCHASE_LABELS[p.purchaseType]}
        {id}
      </>
    );
  }
  return (
    <PanelLink href={`${ordersBase}/${encodeURIComponent(p.purchaseId)}`}>
      {PURCHASE_LABELS.order}
      {id}
    </PanelLink>
  );
}
