import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import type { SiteInfo } from './site-info.ts';

type SiteLayoutProps = {
  children: ReactNode;
  /** Path of the current page, marked with aria-current in the navigation. */
  current?: string | undefined;
  /** The school's name, logo and contact from the settings; defaults when a page loads none. */
  site?: SiteInfo | undefined;
};

/** The public site's frame: skip link, header with navigation, the main landmark (#main) and the footer. */
export function SiteLayout({ children, current, site }: SiteLayoutProps) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader current={current} {...(site ? { site } : {})} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter {...(site ? { site } : {})} />
    </>
  );
}
