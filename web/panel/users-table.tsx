import { PRIVILEGED } from '#core/roles.ts';
import { mayManageRole } from '#core/users/manage-reach.ts';
import { displayName, ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import { ActionsCell, DataTable, TableHead } from '#web/panel/resource/list-kit.tsx';
import { loginIdOf, type AdminUser } from './admin-user.ts';
import { PanelLink } from './router.tsx';

type UsersTableProps = {
  /** The users screen's URL: a row's name links to `<base>/<id>`. */
  base: string;
  users: readonly AdminUser[];
  me: SessionUser;
  busy: boolean;
  onBlock: (u: AdminUser) => void;
  onUnblock: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
};

function RowActions({ u, me, onBlock, onUnblock, onDelete }: Omit<UsersTableProps, 'users' | 'busy' | 'base'> & { u: AdminUser }) {
  if (u._id === me._id) return <span className="muted">This is you</span>;
  // Mirrors the server's rule (core/users/manage-reach.ts).
  if (!mayManageRole(me.role, u.role))
    return <span className="muted">{PRIVILEGED.includes(u.role) ? 'Super admin only' : 'Admins only'}</span>;
  return (
    <>
      {u.isActive === false ? (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onUnblock(u)} aria-label={`Unblock ${u.email}`}>
          Unblock
        </button>
      ) : (
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onBlock(u)} aria-label={`Block ${u.email}`}>
          Block
        </button>
      )}
      <button type="button" className="btn btn-danger btn-sm" onClick={() => onDelete(u)} aria-label={`Delete ${u.email}`}>
        Delete
      </button>
    </>
  );
}

export function UsersTable({ base, users, me, busy, onBlock, onUnblock, onDelete }: UsersTableProps) {
  return (
    <DataTable id="users" caption="Users" busy={busy}>
      <TableHead columns={['Name', 'Email', 'Role', 'Login ID', 'Status']} actions />
      <tbody>
        {users.map((u) => (
          <tr key={u._id} data-user-email={u.email}>
            <th scope="row">
              <PanelLink href={`${base}/${encodeURIComponent(u._id)}`}>{displayName(u)}</PanelLink>
            </th>
            <td data-label="Email">{u.email}</td>
            <td data-label="Role">{ROLE_LABELS[u.role] ?? u.role}</td>
            <td data-label="Login ID">{loginIdOf(u) || <span className="muted">–</span>}</td>
            <td data-label="Status">
              {u.isActive === false ? (
                <>
                  <span className="badge badge-blocked">Blocked</span>
                  {u.blockedReason && <span className="cell-note">Reason: {u.blockedReason}</span>}
                </>
              ) : (
                <span className="badge badge-active">Active</span>
              )}
            </td>
            <ActionsCell>
              <RowActions u={u} me={me} onBlock={onBlock} onUnblock={onUnblock} onDelete={onDelete} />
            </ActionsCell>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
