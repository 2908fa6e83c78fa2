import { useEffect, useState, type FormEvent } from 'react';
import { api, errorMessage, type Pagination } from '#web/lib/api.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import { BulkBar, DataTable, ListBody, ListFilters, SearchField, SelectAll, SelectRow } from '#web/panel/resource/list-kit.tsx';
import { ENQUIRY_STATUSES } from '#core/enquiries/enquiry-options.ts';
import { received, STATUS_BADGE, type Enquiry, type EnquiryStats, type InboxQuery } from './enquiry-types.ts';

const PAGE_SIZE = 20;
type Props = { base: string; query: InboxQuery; setQuery: (q: InboxQuery) => void; flash: string };
type Listing = { items: Enquiry[]; pagination: Pagination };

const emptyText = (q: InboxQuery) =>
  q.search ? `No enquiries match “${q.search}”.` : q.status === 'all' ? 'No enquiries yet.' : `No ${q.status.toLowerCase()} enquiries.`;

/** The inbox: one tab per status with its count, search, paging, bulk delete after confirming. */
export function EnquiryInbox({ base, query, setQuery, flash }: Props) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [stats, setStats] = useState<EnquiryStats | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState(flash);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    const q = { page: query.page, limit: PAGE_SIZE, status: query.status === 'all' ? '' : query.status, search: query.search };
    Promise.all([
      api<Enquiry[]>('/enquiries', { query: q, signal: ctl.signal, fallback: 'Failed to fetch enquiries' }),
      api<EnquiryStats>('/enquiries/stats', { signal: ctl.signal, fallback: 'Failed to fetch enquiry statistics' }),
    ])
      .then(([list, st]) => {
        const items = list.data ?? [];
        setListing({
          items,
          pagination: list.pagination ?? { page: 1, limit: PAGE_SIZE, total: items.length, totalPages: 1, hasMore: false },
        });
        setStats((st.stats as EnquiryStats | undefined) ?? st.data ?? null);
        setSelected((ids) => ids.filter((id) => items.some((i) => i._id === id)));
        setLoading(false);
      })
      .catch((err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setListing((l) => l ?? { items: [], pagination: { page: 1, limit: PAGE_SIZE, total: 0, totalPages: 0, hasMore: false } });
        setLoading(false);
      });
    return () => ctl.abort();
  }, [query, reload]);

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setNotice('');
    setQuery({ ...query, page: 1, search: String(new FormData(e.currentTarget).get('search') ?? '').trim() });
  }

  async function bulkDelete() {
    const body = await api('/enquiries', { method: 'DELETE', body: { enquiryIds: selected }, fallback: 'Failed to bulk delete enquiries' });
    setConfirming(false);
    setSelected([]);
    setAlert('');
    setNotice(body.message ?? 'Enquiries deleted');
    setReload((n) => n + 1);
  }

  const items = listing?.items ?? [];
  const tabs = [
    ...ENQUIRY_STATUSES.map((s) => ({ value: s, label: s, count: stats?.byStatus[s] })),
    { value: 'all' as const, label: 'All', count: stats?.total },
  ];
  return (
    <div className="panel-screen enquiry-inbox" data-ready={listing ? '' : undefined} data-loading={loading ? '' : undefined}>
      <h1>Enquiries</h1>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <div className="status-tabs" role="group" aria-label="Show enquiries by status">
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            className="status-tab"
            aria-pressed={query.status === t.value}
            onClick={() => {
              setNotice('');
              setQuery({ ...query, status: t.value, page: 1 });
            }}
          >
            {t.label}
            <span className="status-count" data-status-count={t.value}>
              {t.count ?? '…'}
            </span>
          </button>
        ))}
      </div>
      <ListFilters label="Find enquiries" onSubmit={onSearch}>
        <SearchField id="enquiries-search" label="Search by name, email, subject or message" defaultValue={query.search} maxLength={200} />
      </ListFilters>

      <ListBody ready={!!listing} empty={items.length === 0 && emptyText(query)}>
        <BulkBar
          label="Selected enquiries"
          count={selected.length}
          hint="Select enquiries to delete several at once"
          onDelete={() => setConfirming(true)}
        />
        <DataTable id="enquiries" caption="Enquiries" busy={loading} className="data-table resource-table">
          <thead>
            <tr>
              <SelectAll items={items} selected={selected} onSelect={setSelected} />
              <th scope="col">Subject</th>
              <th scope="col">From</th>
              <th scope="col">Received</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((q) => (
              <tr key={q._id} data-id={q._id} data-subject={q.subject} className={q.status === 'New' ? 'row-unread' : undefined}>
                <SelectRow id={q._id} label={`Select “${q.subject}” from ${q.name}`} selected={selected} onSelect={setSelected} />
                <th scope="row">
                  <PanelLink href={`${base}/${encodeURIComponent(q._id)}`}>{q.subject}</PanelLink>
                  <span className="cell-note cell-clip">{q.message}</span>
                </th>
                <td data-label="From">
                  {q.name}
                  <span className="cell-note">{q.email}</span>
                </td>
                <td data-label="Received">
                  <time dateTime={q.createdAt}>{received(q.createdAt)}</time>
                </td>
                <td data-label="Status">
                  <span className={`badge ${STATUS_BADGE[q.status]}`}>{q.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListBody>
      {listing && (
        <Pager
          pagination={listing.pagination}
          busy={loading}
          noun="enquiries"
          singular="enquiry"
          onPage={(page) => setQuery({ ...query, page })}
        />
      )}

      {confirming && (
        <ConfirmDialog
          title={`Delete ${selected.length} ${selected.length === 1 ? 'enquiry' : 'enquiries'}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={bulkDelete}
          onClose={() => setConfirming(false)}
        >
          <p>This permanently removes the selected enquiries and their notes. It cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
