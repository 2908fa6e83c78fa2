import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { pagination } from '#core/paging.ts';
import { SelectField } from '#web/components/form-kit.tsx';
import { ConfirmDialog } from '#web/panel/resource/confirm-dialog.tsx';
import { OfflineNotice } from '#web/panel/resource/offline-notice.tsx';
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
import { useList } from '#web/panel/resource/use-list.ts';
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

const NO_ROWS = { items: [], rows: [], stats: { total: 0 }, pagination: pagination(1, 10, 0) };
const isFiltered = (q: ListQuery) => Object.entries(q).some(([k, v]) => k !== 'page' && v !== '');

/** An admin enrolment list: stats tiles, filters, the table (cards on a phone), paging, row actions and bulk delete. */
export function EnrollmentList<T extends { _id: string }>({ config: c, query, setQuery, flash }: Props<T>) {
  const read = useCallback((q: ListQuery, signal: AbortSignal) => c.read(q, signal).then((l) => ({ ...l, items: l.rows })), [c]);
  const list = useList({ query, setQuery, read, empty: NO_ROWS, flash });
  const [bulk, setBulk] = useState<string[] | null>(null);
  const { selected, setSelected } = list;
  const plural = (n: number) => `${n} ${n === 1 ? c.singular : c.noun}`;

  function onOutcome(o: RowOutcome) {
    // A refusal (another admin moved it first, or the server keeps it) is shown, and the list reloads to show where it is now.
    if (o.kind === 'refused') {
      list.failed(o.message);
      list.refresh();
    } else if (o.row) list.done(o.message);
    else list.removed(1, o.message);
  }

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const next: Partial<ListQuery> = { search: String(form.get('search') ?? '').trim() };
    for (const f of c.filters) next[f.name] = String(form.get(f.name) ?? '');
    list.setNotice('');
    list.narrow(next);
  }

  async function confirmBulk() {
    if (!bulk || !c.bulkDelete) return;
    const body = await c.bulkDelete(bulk);
    const removed = body.data?.deletedCount ?? 0;
    const kept = body.data?.keptIds.length ?? 0;
    setBulk(null);
    setSelected([]);
    list.removed(
      removed,
      `${plural(removed)} deleted${kept ? `. ${plural(kept)} kept: ${c.keptReason ?? 'the server refused them'}.` : ''}`,
    );
  }

  const rows = list.items;
  const listing = list.page;
  const status = c.filters[0]!;
  const selectable = !!c.bulkDelete;
  return (
    <ListScreen list={list} className={`admin-enrollments ${c.id}-screen`}>
      <h1>{c.title}</h1>
      {listing?.offline && <OfflineNotice info={listing.offline} />}
      <ListMessages list={list} />
      {listing && (
        <StatTiles
          stats={listing.stats}
          statuses={c.statuses}
          current={String(query[status.name] ?? '')}
          label={`${c.title} by status`}
          onPick={(s) => {
            list.setNotice('');
            list.narrow({ [status.name]: s });
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
            onChange={(e) => list.narrow({ [f.name]: e.target.value })}
          />
        ))}
      </ListFilters>

      <ListResults list={list} noun={c.noun} singular={c.singular} filtered={isFiltered(query)}>
        {selectable && (
          <BulkBar
            label={`Selected ${c.noun}`}
            count={selected.length}
            hint={`Select ${c.noun} to delete several at once`}
            onDelete={() => setBulk(selected)}
          />
        )}
        <DataTable id={c.id} caption={c.title} busy={list.loading} className="data-table resource-table enrollments-table">
          <TableHead
            lead={selectable && <SelectAll items={rows} selected={selected} onSelect={setSelected} />}
            columns={[c.headLabel, ...c.columns]}
            actions
          />
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
      </ListResults>

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
    </ListScreen>
  );
}
