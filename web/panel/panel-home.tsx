import { firstName, type SessionUser } from '#web/lib/session.ts';
import type { PanelInfo } from '#web/pages/panel/panels.ts';
import { screensFor } from './screens.ts';
import { PanelLink } from './router.tsx';

export function PanelHome({ panel, user }: { panel: PanelInfo; user: SessionUser }) {
  const screens = screensFor(panel.key, user.role).filter((s) => s.summary);
  return (
    <div className="panel-screen">
      <h1>Welcome, {firstName(user)}</h1>
      <p className="lead">This is your {panel.title.toLowerCase()}.</p>
      <div className="panel-cards">
        {panel.users && (
          <section className="card" aria-labelledby="home-users">
            <h2 id="home-users">Users</h2>
            <p>Find accounts, create new ones, block, unblock or remove them.</p>
            <p>
              <PanelLink className="btn btn-primary" href={`${panel.base}/users`}>
                Manage users
              </PanelLink>
            </p>
          </section>
        )}
        {screens.map((s) => (
          <section key={s.route} className="card" aria-labelledby={`home-${s.route}`}>
            <h2 id={`home-${s.route}`}>{s.label}</h2>
            <p>{s.summary}</p>
            <p>
              <PanelLink className="btn btn-primary" href={`${panel.base}/${s.route}`}>
                Open {s.label.toLowerCase()}
              </PanelLink>
            </p>
          </section>
        ))}
        <section className="card" aria-labelledby="home-coming">
          <h2 id="home-coming">Coming soon</h2>
          <p className="muted">These parts of the panel are being built and will appear here:</p>
          <ul className="coming-list">
            {panel.upcoming.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

export function PanelNotFound({ panel }: { panel: PanelInfo }) {
  return (
    <div className="panel-screen">
      <h1>Page not found</h1>
      <p>This part of the {panel.title.toLowerCase()} does not exist (yet).</p>
      <p>
        <PanelLink className="btn btn-primary" href={panel.base}>
          Back to the panel home
        </PanelLink>
      </p>
    </div>
  );
}
