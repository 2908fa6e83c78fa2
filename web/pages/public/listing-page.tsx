import type { ReactNode } from 'react';
import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { Pager, pageHref } from '#web/components/pager.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';

type Props = {
  site: SiteInfo;
  /** The page's path: marks the menu item and builds the pager's links. */
  path: string;
  eyebrow: string;
  title: string;
  lead: string;
  cards: readonly ReactNode[];
  empty: ReactNode;
  list?: 'div' | 'ul';
  className?: string;
  pager?: { page: number; totalPages: number; label: string };
};

/** A public page that lists cards under its heading band, or says that there are none yet, with an optional pager. */
export function ListingPage({ site, path, eyebrow, title, lead, cards, empty, list: List = 'div', className = 'grid', pager }: Props) {
  return (
    <SiteLayout current={path} site={site}>
      <PageHead eyebrow={eyebrow} title={title} lead={lead} />
      <div className="section">
        <div className="container">
          {cards.length ? <List className={className}>{cards}</List> : <EmptyState>{empty}</EmptyState>}
          {pager && <Pager page={pager.page} totalPages={pager.totalPages} href={(p) => pageHref(path, {}, p)} label={pager.label} />}
        </div>
      </div>
    </SiteLayout>
  );
}
