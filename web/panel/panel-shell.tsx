import type { ReactNode } from 'react';
import { Brand } from '#web/components/logo.tsx';
import type { SiteBrand } from '#web/components/site-info.ts';
import { displayName, ROLE_LABELS, type SessionUser } from '#web/lib/session.ts';
import { screensFor } from './screens.ts';
import { mayOpen, PANEL_LIST, type PanelInfo } from '#web/pages/panel/panels.ts';
import { NotificationBell } from './notifications/notification-bell.tsx';
import { PanelLink } from './router.tsx';
import { LocationPrompt } from './location/location-prompt.tsx';

type PanelShellProps = {
  panel: PanelInfo;
  /** The school's name and logo from the settings, as the server rendered them. */
  brand: SiteBrand;
  user: SessionUser;
  route: string;
  loggingOut: boolean;
  onLogout: () => void;
  children?: ReactNode;
};

/** Top bar (who is signed in, log out) and sidebar navigation around the current screen. */
export function PanelShell({ panel, brand, user, route, loggingOut, onLogout, children }: PanelShellProps) {
  const items = [
    { route: '', label: 'Home' },
    ...(panel.users ? [{ route: 'users', label: 'Users' }] : []),
    ...screensFor(panel.key, user.role),
  ];
  const others = PANEL_LIST.filter((p) => p.key !== panel.key && mayOpen(p, user.role));
  return (
    <div className="panel-shell" data-ready="" data-state="ready">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="panel-topbar">
        <Brand site={brand} label={`${brand.schoolName} home`} />
        <p className="panel-name">{panel.title}</p>
        <div className="panel-user">
          <NotificationBell user={user} allHref={`${panel.base}/notifications`} />
          {typeof user.profilePicture === 'string' && (
            <img className="panel-avatar" src={user.profilePicture} alt="" width={32} height={32} decoding="async" />
          )}
          <span className="panel-user-name">{displayName(user)}</span>
          <span className="badge panel-role">{ROLE_LABELS[user.role]}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onLogout} disabled={loggingOut}>
            {loggingOut ? 'Logging out…' : 'Log out'}
          </button>
        </div>
      </header>
      <nav className="panel-sidebar" aria-label={panel.title}>
        <ul>
          {items.map((item) => (
            <li key={item.route}>
              <PanelLink
                href={item.route ? `${panel.base}/${item.route}` : panel.base}
                aria-current={route === item.route || (item.route && route.startsWith(`${item.route}/`)) ? 'page' : undefined}
              >
                {item.label}
              </PanelLink>
            </li>
          ))}
        </ul>
        {others.length > 0 && (
          <>
            <p className="panel-sidebar-label">Other panels</p>
            <ul>
              {others.map((p) => (
                <li key={p.key}>
                  <a href={p.base}>{p.title}</a>
                </li>
              ))}
            </ul>
          </>
        )}
      </nav>
      <main id="main" className="panel-main" tabIndex={-1}>
        {children}
      </main>
      <LocationPrompt user={user} />
    </div>
  );
}
