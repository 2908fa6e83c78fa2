import { useEffect, useState, type FormEvent } from 'react';
import { ROLES } from '#core/roles.ts';
import { searchTermProblem } from '#core/users/user-messages.ts';
import { api } from '#web/lib/api.ts';
import { displayName, ROLE_LABELS } from '#web/lib/session.ts';
import { FormAlert, SelectField } from '#web/components/form-kit.tsx';
import { DataTable, ListFilters, ListResults, SearchField, SelectAll, SelectRow, TableHead } from '#web/panel/resource/list-kit.tsx';
import { useList, type ListPage } from '#web/panel/resource/use-list.ts';
import { useSearchTerm } from '#web/panel/resource/use-search-term.ts';
import { isDeactivated, PAGE_SIZE, SORT_OPTIONS, type Recipient } from './email-types.ts';

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
type Query = { page: number; search: string; role: string; sort: string };
type Props = { picked: ReadonlyMap<string, Recipient>; onPick: (next: Map<string, Recipient>) => void; onLoading: (busy: boolean) => void };

/** POST /admin/email/users with only the filters that are set: a blank search is not sent. */
function bodyOf(q: Query) {
  return {
    page: q.page,
    limit: PAGE_SIZE,
    ...(q.search ? { search: q.search } : {}),
    ...(q.role ? { role: q.role } : {}),
    ...(q.sort ? { sort: q.sort } : {}),
  };
}

/** The users answer carries its paging at the top level, not in `pagination`. */
async function read(q: Query, signal: AbortSignal): Promise<ListPage<Recipient>> {
  const body = await api('/admin/email/users', { body: bodyOf(q), signal, fallback: 'Failed to fetch users' });
  const items = (body.users as Recipient[] | undefined) ?? [];
  const page = Number(body.page ?? q.page);
  const totalPages = Number(body.totalPages ?? 1);
  const total = Number(body.total ?? items.length);
  return { items, pagination: { page, limit: PAGE_SIZE, total, totalPages, hasMore: page < totalPages } };
}

function StatusCell({ u }: { u: Recipient }) {
  if (isDeactivated(u))
    return (
      <>
        <span className="badge badge-blocked">Deactivated</span>
        <span className="cell-note">Skipped when sending</span>
      </>
    );
  if (u.isActive === false)
    return (
      <>
        <span className="badge badge-blocked">Blocked</span>
        <span className="cell-note">Still receives e-mail</span>
      </>
    );
  return <span className="badge badge-active">Active</span>;
}

/** Who to write to: search, role, sort and pages of 20; the choice is kept across pages until cleared. */
export function Recipients({ picked, onPick, onLoading }: Props) {
  const [query, setQuery] = useState<Query>({ page: 1, search: '', role: '', sort: '' });
  const list = useList({ query, setQuery, read, empty: { items: [] } });
  const search = useSearchTerm(searchTermProblem);
  const loading = list.loading;
  useEffect(() => onLoading(loading), [loading, onLoading]);

  function onSearch(e: FormEvent<HTMLFormElement>) {
    const term = search.read(e);
    if (term !== null) list.narrow({ search: term });
  }

  const users = list.items;
  const ids = [...picked.keys()];
  const allOnPage = users.length > 0 && users.every((u) => picked.has(u._id));
  /** A row's box: the kit hands back the whole new list of ids. */
  const pickRows = (next: string[]) => {
    const out = new Map<string, Recipient>();
    for (const id of next) {
      const u = picked.get(id) ?? users.find((x) => x._id === id);
      if (u) out.set(id, u);
    }
    onPick(out);
  };
  /** The header box: every row of this page in or out; other pages' choices stay. */
  const pickPage = (next: string[]) => {
    const out = new Map(picked);
    for (const u of users) {
      if (next.length) out.set(u._id, u);
      else out.delete(u._id);
    }
    onPick(out);
  };

  return (
    <section className="email-recipients" aria-labelledby="email-recipients-title">
      <h2 id="email-recipients-title">Recipients</h2>
      <FormAlert message={list.error} />
      <ListFilters label="Find recipients" onSubmit={onSearch}>
        <SearchField
          id="email-search"
          label="Search by name, e-mail or ID"
          defaultValue={query.search}
          maxLength={100}
          error={search.error}
          inputRef={search.inputRef}
        />
        <SelectField id="email-role" label="Role" allLabel="All roles" options={ROLE_OPTIONS} {...list.filter('role')} />
        <SelectField id="email-sort" label="Sort" allLabel="Newest first" options={SORT_OPTIONS} {...list.filter('sort')} />
      </ListFilters>

      <div className="bulk-bar email-selection" role="group" aria-label="Chosen recipients">
        <span aria-live="polite" data-selected-count={picked.size}>
          {picked.size ? `${picked.size} selected` : 'No recipients selected yet'}
        </span>
        <span className="btn-row">
          {/* The header box is hidden when the table turns into cards on phones; this does the same. */}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={!users.length || allOnPage}
            onClick={() => pickPage(['page'])}
          >
            Select this page
          </button>
          <button type="button" className="btn btn-secondary btn-sm" disabled={!picked.size} onClick={() => onPick(new Map())}>
            Clear selection
          </button>
        </span>
      </div>
      <p className="field-hint">
        Deactivated accounts are skipped by the server and counted as not found; blocked ones still receive e-mail.
      </p>

      <ListResults
        list={list}
        empty={list.page?.items.length === 0 && `No users match ${query.search ? `“${query.search}”` : 'these filters'}.`}
        noun="users"
        singular="user"
      >
        <DataTable id="email-users" caption="Users who can be written to" busy={list.loading} className="data-table resource-table">
          <TableHead
            lead={<SelectAll items={users} selected={ids} onSelect={pickPage} />}
            columns={['Name', 'E-mail', 'Role', 'Account']}
          />
          <tbody>
            {users.map((u) => (
              <tr key={u._id} data-user-email={u.email}>
                <SelectRow id={u._id} label={`Select ${displayName(u)} (${u.email})`} selected={ids} onSelect={pickRows} />
                <th scope="row">{displayName(u)}</th>
                <td data-label="E-mail" className="email-address">
                  {u.email}
                </td>
                <td data-label="Role">{ROLE_LABELS[u.role] ?? u.role}</td>
                <td data-label="Account">
                  <StatusCell u={u} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </section>
  );
}
