import { Brand } from './logo.tsx';
import { DEFAULT_SITE, type SiteInfo } from './site-info.ts';

/** Links of the public site. */
export const NAV_LINKS: readonly { href: string; label: string }[] = [
  { href: '/about', label: 'About' },
  { href: '/courses', label: 'Courses' },
  { href: '/memberships', label: 'Memberships' },
  { href: '/classes', label: 'Classes' },
  { href: '/events', label: 'Events' },
  { href: '/shop', label: 'Shop' },
  { href: '/gallery', label: 'Gallery' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
];

function NavList({ current }: { current?: string | undefined }) {
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
        <span className="header-account">
          <a className="cart-link" href="/cart" aria-current={current === '/cart' ? 'page' : undefined}>
            Cart
            <span className="cart-count" data-cart-count="" hidden>
              0
            </span>
          </a>
          <a
            className="btn btn-primary btn-sm"
            href="/auth/login"
            data-account-link=""
            aria-current={current === '/auth/login' ? 'page' : undefined}
          >
            Log in
          </a>
        </span>
      </li>
    </ul>
  );
}

/** Header: the school's name and the main navigation; on small screens a <details> menu (no JavaScript). */
export function SiteHeader({ current, site = DEFAULT_SITE }: { current?: string | undefined; site?: SiteInfo }) {
  return (
    <header className="site-header">
      <div className="container">
        <Brand site={site} label={`${site.schoolName} home`} />
        <nav className="nav-desktop" aria-label="Main">
          <NavList current={current} />
        </nav>
        <a className="cart-link cart-link-mobile" href="/cart" aria-current={current === '/cart' ? 'page' : undefined}>
          <svg className="cart-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="9" cy="19" r="1.6" fill="currentColor" />
            <circle cx="17" cy="19" r="1.6" fill="currentColor" />
          </svg>
          <span className="visually-hidden">Cart</span>
          <span className="cart-count" data-cart-count="" hidden>
            0
          </span>
        </a>
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
