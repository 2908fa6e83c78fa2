import { useCallback, useEffect, useState } from 'react';
import type { AuditEntryView } from '#core/audit/audit-query.ts';
import type { UserOverviewView } from '#core/users/user-overview.ts';
import { mayManageRole } from '#core/users/manage-reach.ts';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { api, errorMessage } from '#web/lib/api.ts';
import { displayName, ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import type { PanelInfo } from '#web/pages/panel/panels.ts';
import { loginIdOf, type AdminUser } from '#web/panel/admin-user.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { ListResults } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import { AuditTable, readUserAudit } from './audit-table.tsx';
import { AccountActions, RoleAndGrade } from './user-actions.tsx';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { formatDateTime } from '#web/components/format.ts';
import { UserHistory } from './user-history.tsx';
import { UserAttendance } from './user-attendance.tsx';
import { UserFamily } from './user-family.tsx';

type Overview = UserOverviewView<AdminUser>;
const LOGIN_IDS = [
  ['studentId', 'Student ID'],
  ['membershipId', 'Membership ID'],
  ['instructorId', 'Instructor ID'],
  ['grandmasterId', 'Grand master ID'],
  ['adminId', 'Admin ID'],
] as const;

function Facts({ user }: { user: AdminUser }) {
  const p = user.profile ?? {};
  const zone = useSchoolZone();
  const row = (term: string, value: unknown) =>
    typeof value === 'string' && value ? (
      <div key={term}>
        <dt>{term}</dt>
        <dd>{value}</dd>
      </div>
    ) : null;
  return (
    <section className="card user-section" aria-labelledby="user-profile-title">
      <h2 id="user-profile-title">Profile</h2>
      <dl className="facts">
        {row('Email', user.email)}
        {row('Phone', p.phone)}
        {row('Grade', p.grade)}
        {LOGIN_IDS.map(([k, label]) => row(label, user[k]))}
        {row('Time zone', p.timezone)}
        {row('Email verified', user.emailVerified ? 'Yes' : 'No')}
        {row('Joined', typeof user.createdAt === 'string' ? formatDateTime(user.createdAt, zone) : '')}
        {row('Last login', typeof user.lastLoginAt === 'string' ? formatDateTime(user.lastLoginAt, zone) : 'Never')}
      </dl>
    </section>
  );
}

/** One user's page for the school: profile, role and grade, account actions, what they have with the school, and the audit entries about and by them. */
export default function UserPage({ me, panel, id }: { me: SessionUser; panel: PanelInfo; id: string }) {
  const [data, setData] = useState<Overview | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [alert, setAlert] = useState('');
  const [reload, setReload] = useState(0);
  const [auditQuery, setAuditQuery] = useState({ page: 1 });
  const readAudit = useCallback((q: { page: number }, signal: AbortSignal) => readUserAudit(id, q.page, signal), [id]);
  const audit = useList<{ page: number }, { items: AuditEntryView[] }>({
    query: auditQuery,
    setQuery: setAuditQuery,
    read: readAudit,
    empty: { items: [] },
  });
  const refreshAudit = audit.refresh;

  useEffect(() => {
    const ctl = new AbortController();
    api<Overview>(`/users/${encodeURIComponent(id)}/overview`, { signal: ctl.signal, fallback: 'Failed to fetch user' })
      .then((body) => {
        setData(body.data ?? null);
        setError('');
      })
      .catch((err) => {
        if (!ctl.signal.aborted) setError(errorMessage(err));
      });
    return () => ctl.abort();
  }, [id, reload]);

  const done = (message: string) => {
    setAlert('');
    setNotice(message);
    setReload((n) => n + 1);
    // The audit entry is written just after the answer: read it again a moment later.
    setTimeout(refreshAudit, 400);
  };
  const failed = (message: string) => {
    setNotice('');
    setAlert(message);
  };

  const back = (
    <p>
      <PanelLink href={`${panel.base}/users`}>← All users</PanelLink>
    </p>
  );
  if (!data)
    return (
      <div className="panel-screen user-page" data-state={error ? 'failed' : 'loading'}>
        {back}
        {error ? <FormAlert message={error} /> : <Loading label="Loading..." />}
      </div>
    );

  const user = data.user;
  const self = user._id === me._id;
  const manageable = !self && mayManageRole(me.role, user.role);
  return (
    <div className="panel-screen user-page" data-loaded="" data-user-id={user._id}>
      {back}
      <h1>{displayName(user)}</h1>
      <p className="user-badges">
        <span className="badge panel-role">{ROLE_LABELS[user.role] ?? user.role}</span>{' '}
        {user.isActive === false ? (
          <>
            <span className="badge badge-blocked">Blocked</span>
            {user.blockedReason && <span className="cell-note">Reason: {user.blockedReason}</span>}
          </>
        ) : (
          <span className="badge badge-active">Active</span>
        )}{' '}
        {loginIdOf(user) && <span className="muted">{loginIdOf(user)}</span>}
      </p>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <div className="user-page-grid">
        <Facts user={user} />
        {manageable ? (
          <>
            <section className="card user-section">
              <h2 id="user-role-title">Role and grade</h2>
              <RoleAndGrade key={`${user.role}-${String(user.profile?.grade ?? '')}`} me={me} user={user} onDone={done} />
            </section>
            <AccountActions user={user} onDone={done} onFailed={failed} />
          </>
        ) : (
          <p className="notice">
            {self ? 'This is you: change your own account from your profile.' : 'Only a super admin can change this account.'}
          </p>
        )}
      </div>
      <UserHistory data={data} base={panel.base} />
      <UserAttendance userId={user._id} />
      {(user.role === 'student' || user.role === 'member') && (
        <UserFamily user={{ _id: user._id, name: displayName(user) }} base={panel.base} />
      )}
      <section className="card user-section" aria-labelledby="user-audit-title">
        <h2 id="user-audit-title">Audit entries about and by them</h2>
        <FormAlert message={audit.error} />
        <ListResults
          list={audit}
          noun="entries"
          singular="entry"
          empty={audit.ready && audit.items.length === 0 ? 'Nothing recorded yet.' : undefined}
        >
          <AuditTable
            id="user-audit"
            entries={audit.items}
            busy={audit.loading}
            userHref={(uid) => `${panel.base}/users/${encodeURIComponent(uid)}`}
          />
        </ListResults>
      </section>
    </div>
  );
}
