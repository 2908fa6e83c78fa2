import type { ReactNode } from 'react';
import { SiteLayout } from '#web/components/site-layout.tsx';

export const LEGAL_UPDATED = { iso: '2026-11-01', label: 'November 1, 2026' };
export const CONTACT_EMAIL = 'privacy@dojo.example';

type LegalLayoutProps = { title: string; intro: string; current: string; children: ReactNode };

/** Frame of a legal page: a heading band with the last-updated date, then the text. */
export function LegalLayout({ title, intro, current, children }: LegalLayoutProps) {
  return (
    <SiteLayout current={current}>
      <div className="band-dark page-head">
        <div className="container">
          <span className="eyebrow">Legal</span>
          <h1>{title}</h1>
          <p className="lead">{intro}</p>
          <p className="muted">
            Last updated: <time dateTime={LEGAL_UPDATED.iso}>{LEGAL_UPDATED.label}</time>
          </p>
        </div>
      </div>
      <div className="section">
        <div className="container">
          <div className="prose">{children}</div>
        </div>
      </div>
    </SiteLayout>
  );
}
