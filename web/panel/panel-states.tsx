import { AUTH_FAILED, homeFor, ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import { panelForPath, type PanelInfo } from '#web/pages/panel/panels.ts';

/** Where "log in" sends someone back to: this very page. Slashes stay readable in the query. */
export const loginHref = (path: string) => `/auth/login?next=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;

export function AuthFailed({ returnTo }: { returnTo: string }) {
  return (
    <main id="main" className="panel-message" data-ready="" data-state="failed">
      <div className="card" role="alert">
        <h1>{AUTH_FAILED}</h1>
        <p>Your session could not be restored, so you have been signed out. Please log in again.</p>
        <p>
          <a className="btn btn-primary" href={loginHref(returnTo)}>
            Log in
          </a>
        </p>
      </div>
    </main>
  );
}

export function NotAllowed({ panel, user }: { panel: PanelInfo; user: SessionUser }) {
  const home = homeFor(user.role);
  const own = panelForPath(home);
  return (
    <main id="main" className="panel-message" data-ready="" data-state="forbidden">
      <div className="card" role="alert">
        <h1>You are not allowed here</h1>
        <p>
          The {panel.title.toLowerCase()} is not available to your account ({ROLE_LABELS[user.role]}).
        </p>
        <p>
          <a className="btn btn-primary" href={home}>
            Go to your {own ? own.title.toLowerCase() : 'panel'}
          </a>
        </p>
      </div>
    </main>
  );
}
