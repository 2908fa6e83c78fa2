import { ROLES } from '#core/roles.ts';
import { ROLE_LABELS } from '#web/lib/session.ts';
import type { HomeProps } from './homes.ts';
import { readHome, type ControlHomeData } from './home-api.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { Card, Empty, Figure, Figures, HomeLink, Pending, plural, useRead } from './home-parts.tsx';

/** The platform, not the school: who has which role, the settings, the e-mail the product sends, the audit trail. */
export default function ControlHome({ panel }: HomeProps) {
  const { data, error, retry } = useRead((signal) => readHome<ControlHomeData>('control-panel', signal));
  const base = panel.base;
  if (!data) return <Pending error={error} retry={retry} label="the control panel" />;
  const { users, outbox } = data;
  return (
    <div className="home" data-home={panel.key}>
      <Figures label="Accounts">
        <Figure
          value={users.total}
          label="accounts"
          note={users.blocked ? `${users.blocked} blocked or deactivated` : undefined}
          href={`${base}/users`}
        />
        <Figure value={users.byRole.admin ?? 0} label="admins" href={`${base}/users`} />
        <Figure value={outbox.failed} label="e-mails failed" href={`${base}/outbox`} urgent={outbox.failed > 0} />
        <Figure value={outbox.stored} label="e-mails kept in the outbox" href={`${base}/outbox`} />
      </Figures>
      <div className="home-grid">
        <Card id="roles" title="Users and roles" more={{ href: `${base}/users`, label: 'Manage users' }}>
          <table className="table home-roles">
            <caption className="visually-hidden">Accounts by role</caption>
            <tbody>
              {ROLES.map((role) => (
                <tr key={role}>
                  <th scope="row">{ROLE_LABELS[role]}</th>
                  <td>{users.byRole[role] ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card id="outbox" title="E-mail outbox" more={{ href: `${base}/outbox`, label: 'Open the outbox' }}>
          <p>
            {plural(outbox.sent, 'e-mail')} delivered, {outbox.stored} kept in the outbox, {outbox.failed} failed.
          </p>
          {outbox.lastFailure ? (
            <p className="home-failure">
              Latest failure: “{outbox.lastFailure.subject}” to {outbox.lastFailure.to}, <SchoolTime iso={outbox.lastFailure.at} />
              {outbox.lastFailure.error ? ` (${outbox.lastFailure.error})` : ''}.
            </p>
          ) : (
            <Empty>No e-mail has failed.</Empty>
          )}
        </Card>
        <Card id="settings" title="Settings">
          <p>The school's name, contact details, payments, shop and notification settings.</p>
          <p>
            <HomeLink className="btn btn-secondary btn-sm" href={`${base}/settings`}>
              Open settings
            </HomeLink>
          </p>
        </Card>
        <Card id="audit" title="Audit log">
          <p>Who changed what, when and from where: every write by an admin, grand master or super-admin.</p>
          <p>
            <HomeLink className="btn btn-secondary btn-sm" href={`${base}/audit-log`}>
              Open the audit log
            </HomeLink>
          </p>
        </Card>
      </div>
    </div>
  );
}
