import { useEffect, useState, type FormEvent } from 'react';
import { api, errorMessage, type Pagination } from '#web/lib/api.ts';
import { Loading } from '#web/components/loading.tsx';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import { ENQUIRY_STATUSES } from '#core/enquiries/enquiry-options.ts';
import { received, STATUS_BADGE, type Enquiry, type EnquiryStats, type InboxQuery } from './enquiry-types.ts';

const PAGE_SIZE = 20;
type Props = { base: string; query: InboxQuery; setQuery: (q: InboxQuery) => void; flash: string };
type Listing = { items: Enquiry[]; pagination: Pagination };

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
  const all = items.length > 0 && items.every((i) => selected.includes(i._id));
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
      <form className="list-filters" role="search" aria-label="Find enquiries" noValidate onSubmit={onSearch}>
        <div className="field list-search">
          <label htmlFor="enquiries-search">Search by name, email, subject or message</label>
          <input id="enquiries-search" name="search" type="search" defaultValue={query.search} maxLength={200} />
        </div>
        <div className="list-filter-actions">
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </form>

      {!listing ? (
        <Loading label="Loading..." />
      ) : items.length === 0 ? (
        <p className="empty-state" role="status">
          {query.search
            ? `No enquiries match “${query.search}”.`
            : query.status === 'all'
              ? 'No enquiries yet.'
              : `No ${query.status.toLowerCase()} enquiries.`}
        </p>
      ) : (
        <>
          <div className="bulk-bar" role="group" aria-label="Selected enquiries">
            <span aria-live="polite">{selected.length ? `${selected.length} selected` : 'Select enquiries to delete several at once'}</span>
            <button type="button" className="btn btn-danger btn-sm" disabled={!selected.length} onClick={() => setConfirming(true)}>
              Delete selected
            </button>
          </div>
          <div className="table-wrap" role="region" aria-labelledby="enquiries-caption" tabIndex={0}>
            <table className="data-table resource-table" aria-busy={loading}>
              <caption id="enquiries-caption" className="visually-hidden">
                Enquiries
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="cell-select">
                    <input
                      type="checkbox"
                      aria-label="Select all on this page"
                      checked={all}
                      onChange={(e) => setSelected(e.target.checked ? items.map((i) => i._id) : [])}
                    />
                  </th>
                  <th scope="col">Subject</th>
                  <th scope="col">From</th>
                  <th scope="col">Received</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {items.map((q) => (
                  <tr key={q._id} data-id={q._id} data-subject={q.subject} className={q.status === 'New' ? 'row-unread' : undefined}>
                    <td className="cell-select">
                      <input
                        type="checkbox"
                        aria-label={`Select “${q.subject}” from ${q.name}`}
                        checked={selected.includes(q._id)}
                        onChange={(e) => setSelected(e.target.checked ? [...selected, q._id] : selected.filter((id) => id !== q._id))}
                      />
                    </td>
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
            </table>
          </div>
        </>
      )}
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
