import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  /** Why the last Log out was refused (check-ins not sent yet), shown under the bar. */
  logoutRefused?: string;
  onLogout: () => void;
  children?: ReactNode;
};

const isCurrent = (route: string, item: string) => route === item || (item !== '' && route.startsWith(`${item}/`));

/**
 * Top bar (who is signed in, log out) and sidebar navigation around the current screen. On a phone
 * (≤ 600 px, web/styles/panel.css) the bar is one line — logo, the screen's title, bell, Menu — and the
 * navigation with the account opens from the Menu button: Escape, a tap outside or a navigation closes it.
 */
export function PanelShell({ panel, brand, user, route, loggingOut, logoutRefused = '', onLogout, children }: PanelShellProps) {
  const items = [
    { route: '', label: 'Home' },
    ...(panel.users ? [{ route: 'users', label: 'Users' }] : []),
    ...screensFor(panel.key, user.role),
  ];
  const others = PANEL_LIST.filter((p) => p.key !== panel.key && mayOpen(p, user.role));
  const current = items.filter((i) => isCurrent(route, i.route)).sort((a, b) => b.route.length - a.route.length)[0];
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => setMenuOpen(false), [route, logoutRefused]);

  useEffect(() => {
    if (!menuOpen) return;
    const links = nav.current?.querySelectorAll<HTMLAnchorElement>('a');
    (nav.current?.querySelector<HTMLAnchorElement>('a[aria-current="page"]') ?? links?.[0])?.focus();
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!nav.current?.contains(target) && !menuButton.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [menuOpen]);

  function closeOnEscape(e: KeyboardEvent) {
    if (e.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  }

  const logout = (
    <button type="button" className="btn btn-secondary btn-sm" onClick={onLogout} disabled={loggingOut}>
      {loggingOut ? 'Logging out…' : 'Log out'}
    </button>
  );
  return (
    <div className="panel-shell" data-ready="" data-state="ready" onKeyDown={closeOnEscape}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="panel-topbar">
        <Brand site={brand} label={`${brand.schoolName} home`} />
        <p className="panel-name">{panel.title}</p>
        <p className="panel-screen-title">{current?.label ?? panel.title}</p>
        <div className="panel-user">
          <NotificationBell user={user} allHref={`${panel.base}/notifications`} />
          {typeof user.profilePicture === 'string' && (
            <img className="panel-avatar" src={user.profilePicture} alt="" width={32} height={32} decoding="async" />
          )}
          <span className="panel-user-name">{displayName(user)}</span>
          <span className="badge panel-role">{ROLE_LABELS[user.role]}</span>
          <span className="panel-topbar-logout">{logout}</span>
          <button
            ref={menuButton}
            type="button"
            className="btn btn-secondary btn-sm panel-menu-button"
            aria-expanded={menuOpen}
            aria-controls="panel-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
        </div>
      </header>
      <nav ref={nav} id="panel-nav" className="panel-sidebar" aria-label={panel.title} data-open={menuOpen ? '' : undefined}>
        <ul>
          {items.map((item) => (
            <li key={item.route}>
              <PanelLink
                href={item.route ? `${panel.base}/${item.route}` : panel.base}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
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
        <div className="panel-menu-account">
          <p>
            <span className="panel-menu-user">{displayName(user)}</span>{' '}
            <span className="badge panel-menu-role">{ROLE_LABELS[user.role]}</span>
          </p>
          {logout}
        </div>
      </nav>
      <main id="main" className="panel-main" tabIndex={-1}>
        {/* Its own live region: an empty FormAlert here would sit before every screen's own alert. */}
        <div className="panel-logout-refused">
          <div role="alert">{logoutRefused ? <p className="form-alert">{logoutRefused}</p> : null}</div>
        </div>
        {children}
      </main>
      <LocationPrompt user={user} />
    </div>
  );
}
