/**
 * The order life cycle: pending_payment → paid → processing → shipped → delivered, with cancelled
 * (before shipping) and refunded (after payment) as ends. Only a verified payment makes an order paid.
 */
export const ORDER_STATUSES = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The states each state may move to by an admin's status change (paid comes only from a payment). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['cancelled'],
  paid: ['processing', 'cancelled', 'refunded'],
  processing: ['shipped', 'cancelled', 'refunded'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  cancelled: [],
  refunded: [],
};

/** The states an order can be in for a move to `to`, for the one conditional UPDATE … WHERE status IN (…). */
export const statesBefore = (to: OrderStatus): OrderStatus[] => ORDER_STATUSES.filter((from) => ORDER_TRANSITIONS[from].includes(to));

/** A buyer may cancel until the order ships; a paid order is refunded through its gateway when cancelled. */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ['pending_payment', 'paid', 'processing'];

/** Stock goes back on the shelf when the goods never left: cancelled or refunded before shipping. */
export const RESTOCKED_FROM: readonly OrderStatus[] = ['pending_payment', 'paid', 'processing'];

/** Money taken, goods not yet sent: deleting would drop an order the school still owes. Cancel or refund it first. */
export const UNDELETABLE: readonly OrderStatus[] = ['paid', 'processing'];
