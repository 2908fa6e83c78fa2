import { useState, type FormEvent } from 'react';
import { pagination } from '#core/paging.ts';
import { api } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import {
  BulkBar,
  DataTable,
  ListFilters,
  ListMessages,
  ListResults,
  ListScreen,
  SearchField,
  SelectAll,
  SelectRow,
  TableHead,
} from '#web/panel/resource/list-kit.tsx';
import { useList, type ListPage } from '#web/panel/resource/use-list.ts';
import { ENQUIRY_STATUSES } from '#core/enquiries/enquiry-options.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { STATUS_BADGE, type Enquiry, type EnquiryStats, type InboxQuery } from './enquiry-types.ts';

const PAGE_SIZE = 20;
type Props = { base: string; query: InboxQuery; setQuery: (q: InboxQuery) => void; flash: string };
type Inbox = ListPage<Enquiry> & { stats: EnquiryStats | null };

/** The page of enquiries and the counts of the tabs, read together. */
async function read(query: InboxQuery, signal: AbortSignal): Promise<Inbox> {
  const q = { page: query.page, limit: PAGE_SIZE, status: query.status === 'all' ? '' : query.status, search: query.search };
  const [list, st] = await Promise.all([
    api<Enquiry[]>('/enquiries', { query: q, signal, fallback: 'Failed to fetch enquiries' }),
    api<EnquiryStats>('/enquiries/stats', { signal, fallback: 'Failed to fetch enquiry statistics' }),
  ]);
  const items = list.data ?? [];
  return {
    items,
    pagination: list.pagination ?? pagination(1, PAGE_SIZE, items.length),
    stats: (st.stats as EnquiryStats | undefined) ?? st.data ?? null,
  };
}

const emptyText = (q: InboxQuery) =>
  q.search ? `No enquiries match “${q.search}”.` : q.status === 'all' ? 'No enquiries yet.' : `No ${q.status.toLowerCase()} enquiries.`;

/** The inbox: one tab per status with its count, search, paging, bulk delete after confirming. */
export function EnquiryInbox({ base, query, setQuery, flash }: Props) {
  const list = useList({ query, setQuery, read, empty: { items: [], stats: null }, flash });
  const [confirming, setConfirming] = useState(false);
  const { selected, setSelected } = list;

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    list.setNotice('');
    list.narrow({ search: String(new FormData(e.currentTarget).get('search') ?? '').trim() });
  }

  async function bulkDelete() {
    const body = await api('/enquiries', { method: 'DELETE', body: { enquiryIds: selected }, fallback: 'Failed to bulk delete enquiries' });
    setConfirming(false);
    setSelected([]);
    list.done(body.message ?? 'Enquiries deleted');
  }

  const items = list.items;
  const stats = list.page?.stats;
  const tabs = [
    ...ENQUIRY_STATUSES.map((s) => ({ value: s, label: s, count: stats?.byStatus[s] })),
    { value: 'all' as const, label: 'All', count: stats?.total },
  ];
  return (
    <ListScreen list={list} className="enquiry-inbox">
      <h1>Enquiries</h1>
      <ListMessages list={list} />
      <div className="status-tabs" role="group" aria-label="Show enquiries by status">
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            className="status-tab"
            aria-pressed={query.status === t.value}
            onClick={() => {
              list.setNotice('');
              list.narrow({ status: t.value });
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

      <ListResults list={list} empty={items.length === 0 && emptyText(query)} noun="enquiries" singular="enquiry">
        <BulkBar
          label="Selected enquiries"
          count={selected.length}
          hint="Select enquiries to delete several at once"
          onDelete={() => setConfirming(true)}
        />
        <DataTable id="enquiries" caption="Enquiries" busy={list.loading} className="data-table resource-table">
          <TableHead
            lead={<SelectAll items={items} selected={selected} onSelect={setSelected} />}
            columns={['Subject', 'From', 'Received', 'Status']}
          />
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
                  <SchoolTime iso={q.createdAt} />
                </td>
                <td data-label="Status">
                  <span className={`badge ${STATUS_BADGE[q.status]}`}>{q.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>

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
    </ListScreen>
  );
}
