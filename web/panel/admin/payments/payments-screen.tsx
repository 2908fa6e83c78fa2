import { useState } from 'react';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { NO_FILTERS, type PaymentsQuery } from './payments-api.ts';
import { PaymentDetail } from './payment-detail.tsx';
import { PaymentList } from './payment-list.tsx';

/** Where an order's page is in this panel (the orders screen's route in screens.ts). */
const ORDERS_ROUTE = 'shop-orders';

/** All payments at `<base>` and one payment at `<base>/<id>`; the list keeps its filters while one is open. */
export default function PaymentsScreen({ base, path, panel }: PanelScreenProps) {
  const [query, setQuery] = useState<PaymentsQuery>(NO_FILTERS);
  const [sub] = path;
  const ordersBase = `${panel.base}/${ORDERS_ROUTE}`;
  if (sub) return <PaymentDetail base={base} ordersBase={ordersBase} id={decodeURIComponent(sub)} />;
  return <PaymentList base={base} ordersBase={ordersBase} query={query} setQuery={setQuery} />;
}
