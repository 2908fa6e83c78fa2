import { useState } from 'react';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { NO_FILTERS, type PaymentsQuery } from './payments-api.ts';
import { PaymentDetail } from './payment-detail.tsx';
import { PaymentList } from './payment-list.tsx';

/** All payments at `<base>` and one payment at `<base>/<id>`; the list keeps its filters while one is open. */
export default function PaymentsScreen({ base, path, panel }: PanelScreenProps) {
  const [query, setQuery] = useState<PaymentsQuery>(NO_FILTERS);
  const [sub] = path;
  const panelBase = panel.base;
  if (sub) return <PaymentDetail base={base} panelBase={panelBase} id={decodeURIComponent(sub)} />;
  return <PaymentList base={base} panelBase={panelBase} query={query} setQuery={setQuery} />;
}
