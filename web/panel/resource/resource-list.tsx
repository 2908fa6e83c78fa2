import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { FormAlert, FormStatus, SelectField } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { call, fallbackPagination, idPath } from './call.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { BulkBar, ListBody, ListFilters, SearchField } from './list-kit.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { Pager } from './pager.tsx';
import { ResourceTable } from './resource-table.tsx';
import { toggleOn, type Item, type ListQuery, type ListState, type ResourceConfig, type SummaryCard, type ToggleDef } from './types.ts';

type Props = {
  config: ResourceConfig;
  base: string;
  query: ListQuery;
  setQuery: (q: ListQuery) => void;
  flash: string;
};

type Pending = { kind: 'one'; item: Item } | { kind: 'bulk'; ids: string[] };

/** The list of a resource: search, filters, paging, toggles, single and bulk delete with confirmation. */
export function ResourceList({ config, base, query, setQuery, flash }: Props) {
  const [listing, setListing] = useState<ListState | null>(null);
  const [cards, setCards] = useState<SummaryCard[]>([]);
  const [loading, setLoading] = useState(true);
  const [reload, setReload] = useState(0);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState(flash);
  const [selected, setSelected] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busyRow, setBusyRow] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    config
      .read(query, config.pageSize, ctl.signal)
      .then(async (answer) => {
        const items = Array.isArray(answer.data) ? answer.data : [];
        setListing({ items, pagination: answer.pagination ?? fallbackPagination(query, config.pageSize, items.length), answer });
        setAlert(answer.success === false ? (answer.message ?? '') : '');
        setSelected((ids) => ids.filter((id) => items.some((i) => i._id === id)));
        setLoading(false);
        if (config.summary) setCards(await config.summary(answer, ctl.signal));
      })
      .catch((err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setListing((l) => l ?? { items: [], pagination: fallbackPagination(query, config.pageSize, 0), answer: { success: false } });
        setLoading(false);
      });
    return () => ctl.abort();
  }, [config, query, reload]);

  const done = (message: string) => {
    setPending(null);
    setAlert('');
    setNotice(message);
    setReload((n) => n + 1);
  };

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const filters: Record<string, string> = {};
    for (const f of config.filters ?? []) filters[f.name] = String(form.get(f.name) ?? '');
    setNotice('');
    setQuery({ page: 1, search: String(form.get('search') ?? '').trim(), filters });
  }

  async function toggle(item: Item, t: ToggleDef) {
    setBusyRow(item._id);
    setNotice('');
    setAlert('');
    try {
      const body = await call(config, { fallback: `Failed to update ${config.singular}`, ...t.request(item, toggleOn(t, item)) });
      done(body.message ?? `${config.nameOf(item)} updated`);
    } catch (err) {
      setAlert(errorMessage(err));
    } finally {
      setBusyRow('');
    }
  }

  async function confirmDelete() {
    if (!pending) return;
    if (pending.kind === 'one') {
      const body = await call(config, {
        path: idPath(config.endpoint, pending.item._id),
        method: 'DELETE',
        fallback: `Failed to delete ${config.singular}`,
      });
      done(body.message ?? `${config.nameOf(pending.item)} deleted`);
    } else if (config.bulkDelete) {
      const { path, method, idsKey } = config.bulkDelete;
      const body = await call(config, {
        path,
        method,
        body: { [idsKey]: pending.ids },
        fallback: `Failed to bulk delete ${config.plural}`,
      });
      setSelected([]);
      done(body.message ?? `${pending.ids.length} ${config.plural} deleted`);
    }
    const p = listing?.pagination;
    const removed = pending.kind === 'one' ? 1 : pending.ids.length;
    if (p && p.page > 1 && (listing?.items.length ?? 0) <= removed) setQuery({ ...query, page: p.page - 1 });
  }

  const items = listing?.items ?? [];
  const filtered = !!query.search || Object.values(query.filters).some(Boolean);
  return (
    <div
      className="panel-screen resource-screen"
      data-resource={config.key}
      data-ready={listing ? '' : undefined}
      data-loading={loading ? '' : undefined}
    >
      <div className="screen-head">
        <h1>{config.title}</h1>
        <PanelLink className="btn btn-primary" href={`${base}/new`}>
          New {config.singular}
        </PanelLink>
      </div>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      {listing?.answer.offline && <OfflineNotice info={listing.answer.offline} />}

      {cards.length > 0 && (
        <ul className="summary-cards" aria-label={`${config.title} summary`}>
          {cards.map((c) => (
            <li key={c.label} className="summary-card">
              <span className="summary-value">{c.value}</span>
              <span className="summary-label">{c.label}</span>
            </li>
          ))}
        </ul>
      )}
      {config.extras && <config.extras onChanged={done} />}

      {(config.search !== false || config.filters?.length) && (
        <ListFilters label={`Find ${config.plural}`} onSubmit={onSearch}>
          {config.search !== false && (
            <SearchField id={`${config.key}-search`} label={config.search ?? 'Search'} defaultValue={query.search} maxLength={100} />
          )}
          {config.filters?.map((f) => (
            <SelectField
              key={f.name}
              id={`${config.key}-filter-${f.name}`}
              name={f.name}
              label={f.label}
              allLabel={f.allLabel ?? 'All'}
              options={f.options}
              value={query.filters[f.name] ?? ''}
              onChange={(e) => setQuery({ ...query, page: 1, filters: { ...query.filters, [f.name]: e.target.value } })}
            />
          ))}
        </ListFilters>
      )}

      <ListBody
        ready={!!listing}
        empty={
          items.length === 0 &&
          (filtered ? `No ${config.plural} match ${query.search ? `“${query.search}”` : 'these filters'}.` : `No ${config.plural} yet.`)
        }
      >
        {config.bulkDelete && (
          <BulkBar
            label="Selected items"
            count={selected.length}
            hint="Select rows to act on several at once"
            onDelete={() => setPending({ kind: 'bulk', ids: selected })}
          />
        )}
        <ResourceTable
          config={config}
          base={base}
          items={items}
          busy={loading}
          busyRow={busyRow}
          selected={selected}
          onSelect={setSelected}
          onToggle={(item, t) => void toggle(item, t)}
          onDelete={(item) => setPending({ kind: 'one', item })}
        />
      </ListBody>
      {listing && (
        <Pager
          pagination={listing.pagination}
          busy={loading}
          noun={config.plural}
          singular={config.singular}
          onPage={(page) => setQuery({ ...query, page })}
        />
      )}

      {pending && (
        <ConfirmDialog
          title={
            pending.kind === 'one'
              ? `Delete ${config.nameOf(pending.item)}?`
              : `Delete ${pending.ids.length} ${pending.ids.length === 1 ? config.singular : config.plural}?`
          }
          confirmLabel="Delete"
          busyLabel="Deleting…"
          onConfirm={confirmDelete}
          onClose={() => setPending(null)}
        >
          <p>
            This permanently removes {pending.kind === 'one' ? `this ${config.singular}` : `the selected ${config.plural}`} and cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
