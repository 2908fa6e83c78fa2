import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { FormAlert, FormStatus, SelectField } from '#web/components/form-kit.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { OfflineNotice } from '#web/panel/resource/offline-notice.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import {
  ActionsHeader,
  BulkBar,
  DataTable,
  ListBody,
  ListFilters,
  SearchField,
  SelectAll,
  SelectRow,
} from '#web/panel/resource/list-kit.tsx';
import type { BulkDeleted, Listing, ListQuery } from './enrollments-api.ts';
import { StatTiles } from './enrollment-parts.tsx';

/** What a row's action reports: done (row null once deleted) or refused with the server's words. */
export type RowOutcome = { kind: 'done' | 'refused'; message: string; row?: unknown };

type Filter = { name: string; label: string; allLabel: string; options: readonly { value: string; label: string }[] };
type Column<T> = { label: string; className?: string; cell: (row: T) => ReactNode };

export type ListConfig<T extends { _id: string }> = {
  id: string;
  title: string;
  noun: string;
  singular: string;
  searchLabel: string;
  /** The first column's header ("Student", "Applicant"). */
  headLabel: string;
  /** The first filter is the status, which the stats tiles also set. */
  filters: readonly Filter[];
  statuses: readonly string[];
  read: (q: ListQuery, signal: AbortSignal) => Promise<Listing<T>>;
  /** The row's heading cell: its name, linking to the detail. */
  head: (row: T) => ReactNode;
  columns: readonly Column<T>[];
  rowLabel: (row: T) => string;
  rowData: (row: T) => Record<`data-${string}`, string>;
  actions: (row: T, onOutcome: (o: RowOutcome) => void) => ReactNode;
  /** Without it the list has no selection (instructor applications have no bulk delete). */
  bulkDelete?: (ids: string[]) => Promise<{ data?: BulkDeleted; message?: string }>;
  keptReason?: string;
};

type Props<T extends { _id: string }> = { config: ListConfig<T>; query: ListQuery; setQuery: (q: ListQuery) => void; flash: string };

const isFiltered = (q: ListQuery) => Object.entries(q).some(([k, v]) => k !== 'page' && v !== '');

/** An admin enrolment list: stats tiles, filters, the table (cards on a phone), paging, row actions and bulk delete. */
export function EnrollmentList<T extends { _id: string }>({ config: c, query, setQuery, flash }: Props<T>) {
  const [listing, setListing] = useState<Listing<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  // A failed read clears itself on the next good one; an action's refusal stays until the next action.
  const [loadError, setLoadError] = useState('');
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState(flash);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<string[] | null>(null);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    c.read(query, ctl.signal)
      .then((l) => {
        setListing(l);
        setLoadError('');
        setSelected((ids) => ids.filter((id) => l.rows.some((r) => r._id === id)));
        setLoading(false);
      })
      .catch((err) => {
        if (ctl.signal.aborted) return;
        setLoadError(errorMessage(err));
        setListing(
          (l) => l ?? { rows: [], stats: { total: 0 }, pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasMore: false } },
        );
        setLoading(false);
      });
    return () => ctl.abort();
  }, [query, reload, c]);

  const refresh = () => setReload((n) => n + 1);
  const plural = (n: number) => `${n} ${n === 1 ? c.singular : c.noun}`;

  function onOutcome(o: RowOutcome) {
    // A refusal (another admin moved it first, or the server keeps it) is shown, and the list reloads to show where it is now.
    if (o.kind === 'refused') {
      setNotice('');
      setAlert(o.message);
    } else {
      setAlert('');
      setNotice(o.message);
    }
    const p = listing?.pagination;
    if (o.kind === 'done' && !o.row && p && p.page > 1 && (listing?.rows.length ?? 0) <= 1) setQuery({ ...query, page: p.page - 1 });
    else refresh();
  }

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next: ListQuery = { ...query, page: 1, search: String(form.get('search') ?? '').trim() };
    for (const f of c.filters) next[f.name] = String(form.get(f.name) ?? '');
    setNotice('');
    setQuery(next);
  }

  async function confirmBulk() {
    if (!bulk || !c.bulkDelete) return;
    const body = await c.bulkDelete(bulk);
    const removed = body.data?.deletedCount ?? 0;
    const kept = body.data?.keptIds.length ?? 0;
    setBulk(null);
    setSelected([]);
    setAlert('');
    setNotice(`${plural(removed)} deleted${kept ? `. ${plural(kept)} kept: ${c.keptReason ?? 'the server refused them'}.` : ''}`);
    const p = listing?.pagination;
    if (p && p.page > 1 && (listing?.rows.length ?? 0) <= removed) setQuery({ ...query, page: p.page - 1 });
    else refresh();
  }

  const rows = listing?.rows ?? [];
  const status = c.filters[0]!;
  const selectable = !!c.bulkDelete;
  return (
    <div
      className={`panel-screen admin-enrollments ${c.id}-screen`}
      data-ready={listing ? '' : undefined}
      data-loading={loading ? '' : undefined}
    >
      <h1>{c.title}</h1>
      {listing?.offline && <OfflineNotice info={listing.offline} />}
      <FormStatus message={notice} />
      <FormAlert message={alert || loadError} />
      {listing && (
        <StatTiles
          stats={listing.stats}
          statuses={c.statuses}
          current={String(query[status.name] ?? '')}
          label={`${c.title} by status`}
          onPick={(s) => {
            setNotice('');
            setQuery({ ...query, page: 1, [status.name]: s });
          }}
        />
      )}
      <ListFilters label={`Find ${c.noun}`} onSubmit={onSearch}>
        <SearchField id={`${c.id}-search`} label={c.searchLabel} defaultValue={query.search} maxLength={100} />
        {c.filters.map((f) => (
          <SelectField
            key={f.name}
            id={`${c.id}-${f.name}`}
            name={f.name}
            label={f.label}
            allLabel={f.allLabel}
            options={f.options}
            value={String(query[f.name] ?? '')}
            onChange={(e) => setQuery({ ...query, page: 1, [f.name]: e.target.value })}
          />
        ))}
      </ListFilters>

      <ListBody
        ready={!!listing}
        empty={rows.length === 0 && (isFiltered(query) ? `No ${c.noun} match these filters.` : `No ${c.noun} yet.`)}
      >
        {selectable && (
          <BulkBar
            label={`Selected ${c.noun}`}
            count={selected.length}
            hint={`Select ${c.noun} to delete several at once`}
            onDelete={() => setBulk(selected)}
          />
        )}
        <DataTable id={c.id} caption={c.title} busy={loading} className="data-table resource-table enrollments-table">
          <thead>
            <tr>
              {selectable && <SelectAll items={rows} selected={selected} onSelect={setSelected} />}
              <th scope="col">{c.headLabel}</th>
              {c.columns.map((col) => (
                <th key={col.label} scope="col" className={col.className}>
                  {col.label}
                </th>
              ))}
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r._id} data-id={r._id} {...c.rowData(r)}>
                {selectable && <SelectRow id={r._id} label={`Select ${c.rowLabel(r)}`} selected={selected} onSelect={setSelected} />}
                <th scope="row" className="cell-customer">
                  {c.head(r)}
                </th>
                {c.columns.map((col) => (
                  <td key={col.label} data-label={col.label} className={col.className}>
                    {col.cell(r)}
                  </td>
                ))}
                <td data-label="Actions">{c.actions(r, onOutcome)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListBody>
      {listing && (
        <Pager
          pagination={listing.pagination}
          busy={loading}
          noun={c.noun}
          singular={c.singular}
          onPage={(page) => setQuery({ ...query, page })}
        />
      )}

      {bulk && (
        <ConfirmDialog
          title={`Delete ${plural(bulk.length)}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={confirmBulk}
          onClose={() => setBulk(null)}
        >
          <p>
            This permanently removes the selected {c.noun} and cannot be undone. {c.keptReason ? `Kept: ${c.keptReason}.` : ''}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
