import { useEffect, useState } from 'react';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { EnquiryDetail } from './enquiry-detail.tsx';
import { EnquiryInbox } from './enquiry-inbox.tsx';
import type { InboxQuery } from './enquiry-types.ts';

/** The enquiry inbox at `<base>` (by status, with counts) and one enquiry at `<base>/<id>`. */
export default function EnquiriesScreen({ base, path }: PanelScreenProps) {
  const [query, setQuery] = useState<InboxQuery>({ status: 'New', search: '', page: 1 });
  const [flash, setFlash] = useState('');
  const [sub] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (sub) return <EnquiryDetail base={base} id={decodeURIComponent(sub)} onDeleted={setFlash} />;
  return <EnquiryInbox base={base} query={query} setQuery={setQuery} flash={flash} />;
}
