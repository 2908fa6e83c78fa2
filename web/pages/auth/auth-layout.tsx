import type { ReactNode } from 'react';
import { SiteLayout } from '#web/components/site-layout.tsx';

type AuthLayoutProps = { title: string; intro?: ReactNode; current?: string; children: ReactNode; footer?: ReactNode };

/** The frame of every /auth page: the public site around one centred card. */
export function AuthLayout({ title, intro, current, children, footer }: AuthLayoutProps) {
  return (
    <SiteLayout current={current}>
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
