import { useEffect, useRef, type FormEvent, type ReactNode, type Ref } from 'react';
import { Loading } from '#web/components/loading.tsx';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Pager } from './pager.tsx';
import type { ListPage } from './use-list.ts';

type FiltersProps = {
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** false for a form that picks what to show rather than searching it. */
  search?: boolean;
  submit?: string;
  children: ReactNode;
};

/** A list's toolbar: its fields, then the submit button. */
export function ListFilters({ label, onSubmit, search = true, submit = 'Search', children }: FiltersProps) {
  return (
    <form className="list-filters" role={search ? 'search' : undefined} aria-label={label} noValidate onSubmit={onSubmit}>
      {children}
      <div className="list-filter-actions">
        <button type="submit" className="btn btn-primary">
          {submit}
        </button>
      </div>
    </form>
  );
}

type SearchFieldProps = {
  id: string;
  label: string;
  name?: string;
  defaultValue: string;
  type?: 'search' | 'text';
  maxLength?: number;
  hint?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** The free-text field of a toolbar, its hint and error tied to it with aria-describedby. */
export function SearchField({ id, label, hint, error, inputRef, type = 'search', name = 'search', ...input }: SearchFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field list-search${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type === 'text' ? undefined : type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Loading until the first answer, then the empty state or the list itself. */
export function ListBody({ ready, empty, children }: { ready: boolean; empty: ReactNode; children: ReactNode }) {
  if (!ready) return <Loading label="Loading..." />;
  if (empty)
    return (
      <p className="empty-state" role="status">
        {empty}
      </p>
    );
  return <>{children}</>;
}

type BulkBarProps = { label: string; count: number; hint: string; onDelete: () => void };

/** How many rows are chosen, and the one bulk action: delete them. */
export function BulkBar({ label, count, hint, onDelete }: BulkBarProps) {
  return (
    <div className="bulk-bar" role="group" aria-label={label}>
      <span aria-live="polite">{count ? `${count} selected` : hint}</span>
      <button type="button" className="btn btn-danger btn-sm" disabled={!count} onClick={onDelete}>
        Delete selected
      </button>
    </div>
  );
}

type DataTableProps = { id: string; caption: string; busy: boolean; className?: string; children: ReactNode };

/** A captioned table in a scrollable, focusable region, so a wide table scrolls instead of the page. */
export function DataTable({ id, caption, busy, className = 'data-table', children }: DataTableProps) {
  return (
    <div className="table-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className={className} aria-busy={busy}>
        <caption id={`${id}-caption`} className="visually-hidden">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** A table's one header row: a leading cell if any (select all), a heading per column, plain or with its class, and the actions column last if asked. */
export type Column = string | { label: string; className?: string | undefined };
/** A column of numbers, its heading aligned with its cells. */
export const numberColumn = (label: string): Column => ({ label, className: 'cell-number' });

export function TableHead({ columns, actions = false, lead }: { columns: readonly Column[]; actions?: boolean; lead?: ReactNode }) {
  return (
    <thead>
      <tr>
        {lead}
        {columns.map((c, i) =>
          typeof c === 'string' ? (
            <th key={i} scope="col">
              {c}
            </th>
          ) : (
            <th key={i} scope="col" className={c.className}>
              {c.label}
            </th>
          ),
        )}
        {actions && (
          // Named for screen readers, blank on screen.
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** A chart's figures as a table behind "Show as a table": a row per bar, its label first. */
export type ChartRow = { key: string; label: ReactNode; cells: readonly ReactNode[] };
export function ChartTable({ columns, rows }: { columns: readonly Column[]; rows: readonly ChartRow[] }) {
  return (
    <details className="home-chart-table">
      <summary>Show as a table</summary>
      <table className="table">
        <TableHead columns={columns} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              {r.cells.map((c, i) => (
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The last column's cell: the row's buttons side by side. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td data-label="Actions">
      <div className="row-actions">{children}</div>
    </td>
  );
}

/** A row's Delete button, named for screen readers by what it deletes. */
export function DeleteButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-danger btn-sm" onClick={onClick}>
      Delete<span className="visually-hidden"> {what}</span>
    </button>
  );
}

type SelectProps = { items: readonly { _id: string }[]; selected: readonly string[]; onSelect: (ids: string[]) => void };

/** The "select all on this page" box, mixed when only some rows are chosen. */
export function SelectAll({ items, selected, onSelect }: SelectProps) {
  const ref = useRef<HTMLInputElement>(null);
  const chosen = items.filter((i) => selected.includes(i._id)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && chosen < items.length;
  }, [chosen, items.length]);
  return (
    <th scope="col" className="cell-select">
      <input
        ref={ref}
        type="checkbox"
        aria-label="Select all on this page"
        checked={items.length > 0 && chosen === items.length}
        onChange={(e) => onSelect(e.target.checked ? items.map((i) => i._id) : [])}
      />
    </th>
  );
}

type SelectRowProps = { id: string; label: string; selected: readonly string[]; onSelect: (ids: string[]) => void };

/** One row's box in a selectable table. */
export function SelectRow({ id, label, selected, onSelect }: SelectRowProps) {
  return (
    <td className="cell-select">
      <input
        type="checkbox"
        aria-label={label}
        checked={selected.includes(id)}
        onChange={(e) => onSelect(e.target.checked ? [...selected, id] : selected.filter((s) => s !== id))}
      />
    </td>
  );
}

/** What the list-state parts read of a `useList` state. */
type ListView = {
  ready: boolean;
  loading: boolean;
  page: ListPage | null;
  notice: string;
  alert: string;
  error: string;
  goTo: (page: number) => void;
};

type ScreenProps = { list: ListView; className: string; children: ReactNode } & Record<`data-${string}`, string>;

/** A list screen's root, marked ready once the first read answered and loading while one is under way. */
export function ListScreen({ list, className, children, ...data }: ScreenProps) {
  return (
    <div
      className={`panel-screen ${className}`}
      {...data}
      data-ready={list.ready ? '' : undefined}
      data-loading={list.loading ? '' : undefined}
    >
      {children}
    </div>
  );
}

/** What the last action said, then what went wrong: the action's refusal, else the failed read. */
export function ListMessages({ list }: { list: ListView }) {
  return (
    <>
      <FormStatus message={list.notice} />
      <FormAlert message={list.alert || list.error} />
    </>
  );
}

type ResultsProps = {
  list: ListView;
  noun: string;
  singular: string;
  /** Whether a search or filter is set, for the default empty text. */
  filtered?: boolean;
  /** The empty state when the default (`No <noun> yet.` / `No <noun> match these filters.`) does not fit; false when there are rows. */
  empty?: ReactNode;
  paged?: boolean;
  children: ReactNode;
};

/** The rows (or loading, or the empty state), then Previous / Next when the server pages them. */
export function ListResults({ list, noun, singular, filtered = false, empty, paged = true, children }: ResultsProps) {
  const pagination = list.page?.pagination;
  const none =
    empty !== undefined ? empty : list.page?.items.length === 0 && (filtered ? `No ${noun} match these filters.` : `No ${noun} yet.`);
  return (
    <>
      <ListBody ready={list.ready} empty={none}>
        {children}
      </ListBody>
      {paged && pagination && <Pager pagination={pagination} busy={list.loading} noun={noun} singular={singular} onPage={list.goTo} />}
    </>
  );
}
