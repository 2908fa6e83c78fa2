import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

type SiteLayoutProps = {
  children: ReactNode;
  /** Path of the current page, marked with aria-current in the navigation. */
  current?: string;
};

/** The public site's frame: skip link, header with navigation, the main landmark (#main) and the footer. */
export function SiteLayout({ children, current }: SiteLayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader current={current} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
