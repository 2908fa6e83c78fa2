import type { ReactNode } from 'react';
import type { SiteInfo } from '#web/components/site-info.ts';
import { SiteLayout } from '#web/components/site-layout.tsx';

type AuthLayoutProps = { site: SiteInfo; title: string; intro?: ReactNode; current?: string; children: ReactNode; footer?: ReactNode };

/** The frame of every /auth page: the public site, with the school's name and logo, around one centred card. */
export function AuthLayout({ site, title, intro, current, children, footer }: AuthLayoutProps) {
  return (
    <SiteLayout current={current} site={site}>
      <div className="auth-page container">
        <section className="auth-card card" aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {intro && <div className="auth-intro">{intro}</div>}
          {children}
        </section>
        {footer && <div className="auth-footer">{footer}</div>}
      </div>
    </SiteLayout>
  );
}
