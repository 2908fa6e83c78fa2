import type { ReactNode } from 'react';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { TextBlocks } from '#web/components/text-blocks.tsx';

export const LEGAL_UPDATED = { iso: '2026-11-01', label: 'November 1, 2026' };
export const CONTACT_EMAIL = 'privacy@dojo.example';

/** The text an admin saved in the settings (plain text) and when; the built-in text is used without it. */
export type LegalText = { text: string; updatedAt: string | null };

type LegalLayoutProps = {
  title: string;
  intro: string;
  current: string;
  children: ReactNode;
  site?: SiteInfo;
  custom?: LegalText | undefined;
};

const dateLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** Frame of a legal page: a heading band with the last-updated date, then the text. */
export function LegalLayout({ title, intro, current, children, site, custom }: LegalLayoutProps) {
  const useCustom = !!custom?.text.trim();
  const updated =
    useCustom && custom?.updatedAt ? { iso: custom.updatedAt.slice(0, 10), label: dateLabel(custom.updatedAt) } : LEGAL_UPDATED;
  return (
    <SiteLayout current={current} site={site}>
      <div className="band-dark page-head">
        <div className="container">
          <span className="eyebrow">Legal</span>
          <h1>{title}</h1>
          <p className="lead">{intro}</p>
          <p className="muted">
            Last updated: <time dateTime={updated.iso}>{updated.label}</time>
          </p>
        </div>
      </div>
      <div className="section">
        <div className="container">
          <div className="prose">{useCustom && custom ? <TextBlocks text={custom.text} /> : children}</div>
        </div>
      </div>
    </SiteLayout>
  );
}
