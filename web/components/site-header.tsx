import { LogoMark, SCHOOL_NAME } from './logo.tsx';

/** Links of the public site; later issues point them at their own pages. */
export const NAV_LINKS: readonly { href: string; label: string }[] = [
  { href: '/', label: 'Home' },
  { href: '/#classes', label: 'Classes' },
  { href: '/#courses', label: 'Courses' },
  { href: '/#events', label: 'Events' },
  { href: '/#contact', label: 'Contact' },
];

function NavList({ current }: { current?: string }) {
  return (
    <ul className="nav-list">
      {NAV_LINKS.map((l) => (
        <li key={l.href}>
          <a href={l.href} aria-current={l.href === current ? 'page' : undefined}>
            {l.label}
          </a>
        </li>
      ))}
      <li>
        <a className="btn btn-primary btn-sm" href="/auth/login" aria-current={current === '/auth/login' ? 'page' : undefined}>
          Log in
        </a>
      </li>
    </ul>
  );
}

/** Header: the school's name and the main navigation; on small screens a <details> menu (no JavaScript). */
export function SiteHeader({ current }: { current?: string }) {
  return (
    <header className="site-header">
      <div className="container">
        <a className="brand" href="/" aria-label={`${SCHOOL_NAME} home`}>
          <LogoMark />
          <span>{SCHOOL_NAME}</span>
        </a>
        <nav className="nav-desktop" aria-label="Main">
          <NavList current={current} />
        </nav>
        <details className="menu">
          <summary>
            <span className="menu-icon" aria-hidden="true" />
            Menu
          </summary>
          <nav className="menu-panel" aria-label="Main">
            <NavList current={current} />
          </nav>
        </details>
      </div>
    </header>
  );
}
