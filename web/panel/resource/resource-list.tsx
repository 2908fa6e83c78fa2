import { pagination } from '#core/paging.ts';
import { useCallback, useState, type FormEvent } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { FormAlert, FormStatus, SelectField } from '#web/components/form-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { call, idPath } from './call.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { BulkBar, ListFilters, ListResults, ListScreen, SearchField } from './list-kit.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ResourceTable } from './resource-table.tsx';
import { toggleOn, type Item, type ListQuery, type ResourcePage, type ResourceConfig, type SummaryCard, type ToggleDef } from './types.ts';
import { useList } from './use-list.ts';

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
  const [cards, setCards] = useState<SummaryCard[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busyRow, setBusyRow] = useState('');
  const read = useCallback(
    async (q: ListQuery, signal: AbortSignal): Promise<ResourcePage> => {
      const answer = await config.read(q, config.pageSize, signal);
      const items = Array.isArray(answer.data) ? answer.data : [];
      return { items, pagination: answer.pagination ?? pagination(q.page, config.pageSize, items.length), answer };
    },
    [config],
  );
  const list = useList({
    query,
    setQuery,
    read,
    empty: { items: [], pagination: pagination(query.page, config.pageSize, 0), answer: { success: false } },
    flash,
    // Each answer replaces the last alert; the cards come after the rows, so a slow summary does not hold them back.
    onRead: (page, signal) => {
      list.setAlert('');
      const { summary } = config;
      if (summary)
        Promise.resolve(page.answer)
          .then((answer) => summary(answer, signal))
          .then(setCards, (err: unknown) => !signal.aborted && list.setAlert(errorMessage(err)));
    },
  });
  const { selected, setSelected } = list;

  const done = (message: string) => {
    setPending(null);
    list.done(message);
  };

  function onSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const filters: Record<string, string> = {};
    for (const f of config.filters ?? []) filters[f.name] = String(form.get(f.name) ?? '');
    list.setNotice('');
    setQuery({ page: 1, search: String(form.get('search') ?? '').trim(), filters });
  }

  async function toggle(item: Item, t: ToggleDef) {
    setBusyRow(item._id);
    list.setNotice('');
    list.setAlert('');
    try {
      const body = await call(config, { fallback: `Failed to update ${config.singular}`, ...t.request(item, toggleOn(t, item)) });
      done(body.message ?? `${config.nameOf(item)} updated`);
    } catch (err) {
      list.failed(errorMessage(err));
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
      setPending(null);
      list.removed(1, body.message ?? `${config.nameOf(pending.item)} deleted`);
    } else if (config.bulkDelete) {
      const { path, method, idsKey } = config.bulkDelete;
      const body = await call(config, {
        path,
        method,
        body: { [idsKey]: pending.ids },
        fallback: `Failed to bulk delete ${config.plural}`,
      });
      setSelected([]);
      setPending(null);
      list.removed(pending.ids.length, body.message ?? `${pending.ids.length} ${config.plural} deleted`);
    }
  }

  const items = list.items;
  const answer = list.page?.answer;
  const filtered = !!query.search || Object.values(query.filters).some(Boolean);
  return (
    <ListScreen list={list} className="resource-screen" data-resource={config.key}>
      <div className="screen-head">
        <h1>{config.title}</h1>
        <PanelLink className="btn btn-primary" href={`${base}/new`}>
          New {config.singular}
        </PanelLink>
      </div>
      <FormStatus message={list.notice} />
      {/* An offline copy answers success: false with why the server could not be reached. */}
      <FormAlert message={list.alert || list.error || (answer?.success === false ? (answer.message ?? '') : '')} />
      {answer?.offline && <OfflineNotice info={answer.offline} />}

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
              onChange={(e) => list.narrow({ filters: { ...query.filters, [f.name]: e.target.value } })}
            />
          ))}
        </ListFilters>
      )}

      <ListResults
        list={list}
        noun={config.plural}
        singular={config.singular}
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
          busy={list.loading}
          busyRow={busyRow}
          selected={selected}
          onSelect={setSelected}
          onToggle={(item, t) => void toggle(item, t)}
          onDelete={(item) => setPending({ kind: 'one', item })}
        />
      </ListResults>

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
    </ListScreen>
  );
}
