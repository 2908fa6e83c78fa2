import { methodLabel, type PaymentMethodView } from '#core/billing/views.ts';
import type { PaymentMethodRow } from '#db/schema/index.ts';

/** A saved payment method as the billing calls send it: the provider's references never leave the server. */
export function serializePaymentMethod(row: PaymentMethodRow): PaymentMethodView {
  return {
    _id: row.id,
    gateway: row.gateway,
    status: row.status,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    label: methodLabel(row),
    createdAt: row.createdAt.toISOString(),
  };
}
