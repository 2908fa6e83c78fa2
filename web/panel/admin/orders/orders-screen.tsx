import { useEffect, useState } from 'react';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { NO_FILTERS, type OrdersQuery } from './orders-api.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrderList } from './order-list.tsx';

/** The school's orders at `<base>` and one order at `<base>/<id>`; the list keeps its filters while an order is open. */
export default function OrdersScreen({ base, path }: PanelScreenProps) {
  const [query, setQuery] = useState<OrdersQuery>(NO_FILTERS);
  const [flash, setFlash] = useState('');
  const [sub] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (sub) return <OrderDetail base={base} id={decodeURIComponent(sub)} onDeleted={setFlash} />;
  return <OrderList base={base} query={query} setQuery={setQuery} flash={flash} />;
}
