import type { AuditEntryView } from '#core/audit/audit-query.ts';
import { pagination } from '#core/paging.ts';
import { api } from '#web/lib/api.ts';
import { ROLE_LABELS } from '#web/lib/session.ts';
import { DataTable, TableHead } from '#web/panel/resource/list-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import type { ListPage } from '#web/panel/resource/use-list.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import type { Role } from '#core/roles.ts';

const OUTCOME_LABELS: Record<AuditEntryView['outcome'], string> = { done: 'Done', refused: 'Refused', failed: 'Failed' };
const USER_PAGE_SIZE = 10;

/** One page of what was done to a user and what they did (their page). */
export async function readUserAudit(userId: string, page: number, signal: AbortSignal): Promise<ListPage<AuditEntryView>> {
  const body = await api<AuditEntryView[]>(`/audit-log/users/${encodeURIComponent(userId)}`, {
    query: { page, limit: USER_PAGE_SIZE },
    signal,
    fallback: 'Failed to fetch the audit entries',
  });
  const items = body.data ?? [];
  return { items, pagination: body.pagination ?? pagination(page, USER_PAGE_SIZE, items.length) };
}

/** Audit entries as a table: when, who, what (and on which record), the outcome, and from where. */
export function AuditTable({
  id,
  entries,
  busy,
  userHref,
}: {
  id: string;
  entries: readonly AuditEntryView[];
  busy: boolean;
  userHref: (id: string) => string;
}) {
  return (
    <DataTable id={id} caption="Audit entries" busy={busy} className="data-table audit-table">
      <TableHead columns={['When', 'Who', 'What', 'Outcome', 'From']} />
      <tbody>
        {entries.map((e) => (
          <tr key={e._id} data-audit-id={e._id} data-outcome={e.outcome}>
            <th scope="row">
              <SchoolTime iso={e.createdAt} />
            </th>
            <td data-label="Who">
              <PanelLink href={userHref(e.actor._id)}>{e.actor.name || e.actor.email}</PanelLink>
              <span className="cell-note">
                {ROLE_LABELS[e.actor.role as Role] ?? e.actor.role} · {e.actor.email}
              </span>
            </td>
            <td data-label="What">
              <span className="audit-summary">{e.summary}</span>
              <span className="cell-note">
                <code>
                  {e.method} {e.route}
                </code>
                {e.targetType === 'users' && e.targetId ? (
                  <>
                    {' '}
                    on <PanelLink href={userHref(e.targetId)}>user …{e.targetId.slice(-6)}</PanelLink>
                  </>
                ) : e.targetId ? (
                  <> · {e.targetId}</>
                ) : null}
              </span>
              {e.fields.length > 0 && <span className="cell-note">Fields: {e.fields.join(', ')}</span>}
            </td>
            <td data-label="Outcome">
              <span className={`badge badge-${e.outcome === 'done' ? 'active' : 'blocked'}`}>{OUTCOME_LABELS[e.outcome]}</span>
              <span className="cell-note">HTTP {e.status}</span>
            </td>
            <td data-label="From">
              {e.ip}
              {e.country ? ` (${e.country})` : ''}
              {e.userAgent && (
                <span className="cell-note audit-agent" title={e.userAgent}>
                  {e.userAgent.slice(0, 60)}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
