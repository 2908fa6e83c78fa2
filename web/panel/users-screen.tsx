import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Loading } from '#web/components/loading.tsx';
import type { PanelInfo } from '#web/pages/panel/panels.ts';
import { pagination } from '#core/paging.ts';
import { ROLES } from '#core/roles.ts';
import { searchTermProblem, USER_MESSAGES } from '#core/users/user-messages.ts';
import { api, errorMessage, type Pagination } from '#web/lib/api.ts';
import { ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import { FormAlert, FormStatus, SelectField } from '#web/components/form-kit.tsx';
import type { AdminUser } from './admin-user.ts';
import { CreateUserForm } from './create-user-form.tsx';
import { BlockDialog, DeleteDialog } from './user-dialogs.tsx';
import { UsersTable } from './users-table.tsx';
import { Pager } from '#web/panel/resource/pager.tsx';
import { ListBody, ListFilters, SearchField } from '#web/panel/resource/list-kit.tsx';
import { useSearchTerm } from '#web/panel/resource/use-search-term.ts';

const PAGE_SIZE = 10;
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
type Query = { page: number; search: string; role: string };
type Listing = { users: AdminUser[]; pagination: Pagination };

/** The user page is its own chunk: the list does not grow with it. */
const UserPage = lazy(() => import('./users/user-page.tsx'));

type UsersScreenProps = { user: SessionUser; panel: PanelInfo; path: string[] };

/** `users` lists them; `users/<id>` is one user's page. */
export function UsersScreen({ user, panel, path }: UsersScreenProps) {
  const [id] = path;
  if (!id) return <UsersList me={user} base={`${panel.base}/users`} />;
  return (
    <Suspense fallback={<Loading label="Loading..." />}>
      <UserPage key={id} me={user} panel={panel} id={decodeURIComponent(id)} />
    </Suspense>
  );
}

/** The admins' users list: search, role filter, paging, create, block/unblock and delete; a row's name opens the user's page. */
function UsersList({ me, base }: { me: SessionUser; base: string }) {
  const [query, setQuery] = useState<Query>({ page: 1, search: '', role: '' });
  const [reload, setReload] = useState(0);
  const [listing, setListing] = useState<Listing | null>(null);
  const [loading, setLoading] = useState(true);
  const [alert, setAlert] = useState('');
  const [notice, setNotice] = useState('');
  const [dialog, setDialog] = useState<{ kind: 'block' | 'delete'; target: AdminUser } | null>(null);
  const search = useSearchTerm(searchTermProblem);

  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    api<AdminUser[]>('/users', {
      query: { page: query.page, limit: PAGE_SIZE, search: query.search, role: query.role },
      signal: ctl.signal,
      fallback: 'Failed to fetch users',
    })
      .then((body) => {
        const users = body.data ?? [];
        setListing({ users, pagination: body.pagination ?? pagination(query.page, PAGE_SIZE, users.length) });
        setLoading(false);
      })
      .catch((err) => {
        if (ctl.signal.aborted) return;
        setAlert(errorMessage(err));
        setLoading(false);
      });
    return () => ctl.abort();
  }, [query, reload]);

  const refresh = (message: string) => {
    setDialog(null);
    setAlert('');
    setNotice(message);
    setReload((n) => n + 1);
  };

  function onSearch(e: FormEvent<HTMLFormElement>) {
    const term = search.read(e);
    if (term === null) return;
    setNotice('');
    setQuery((q) => ({ ...q, page: 1, search: term }));
  }

  async function unblock(target: AdminUser) {
    setNotice('');
    setAlert('');
    try {
      const body = await api(`/users/${encodeURIComponent(target._id)}/unblock`, { method: 'PATCH', fallback: 'Failed to unblock user' });
      refresh(body.message ?? USER_MESSAGES.unblocked);
    } catch (err) {
      setAlert(errorMessage(err));
    }
  }

  const goTo = (page: number) => setQuery((q) => ({ ...q, page }));
  return (
    <div className="panel-screen users-screen" data-loaded={listing && !loading ? '' : undefined}>
      <h1>Users</h1>
      <FormStatus message={notice} />
      <FormAlert message={alert} />

      <details className="card create-user">
        <summary>Create a user</summary>
        <CreateUserForm me={me} onCreated={refresh} />
      </details>

      <ListFilters label="Find users" onSubmit={onSearch}>
        <SearchField
          id="users-search"
          label="Search by name, email or ID"
          defaultValue={query.search}
          error={search.error}
          inputRef={search.inputRef}
        />
        <SelectField
          id="users-role"
          name="role"
          label="Role"
          allLabel="All roles"
          options={ROLE_OPTIONS}
          value={query.role}
          onChange={(e) => setQuery((q) => ({ ...q, page: 1, role: e.target.value }))}
        />
      </ListFilters>

      <ListBody
        ready={!!listing}
        empty={listing?.users.length === 0 && `No users match ${query.search ? `“${query.search}”` : 'these filters'}.`}
      >
        <UsersTable
          base={base}
          users={listing?.users ?? []}
          me={me}
          busy={loading}
          onBlock={(target) => setDialog({ kind: 'block', target })}
          onUnblock={(target) => void unblock(target)}
          onDelete={(target) => setDialog({ kind: 'delete', target })}
        />
      </ListBody>

      {listing && <Pager pagination={listing.pagination} busy={loading} noun="users" singular="user" onPage={goTo} />}

      {dialog?.kind === 'block' && <BlockDialog target={dialog.target} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog?.kind === 'delete' && <DeleteDialog target={dialog.target} onClose={() => setDialog(null)} onDone={refresh} />}
    </div>
  );
}
