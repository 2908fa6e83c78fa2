import type { ReactNode } from 'react';

type PageHeadProps = {
  eyebrow?: string | undefined;
  title: string;
  lead?: ReactNode;
  /** The list a detail page belongs to, shown as a one-step breadcrumb above the title. */
  crumb?: { href: string; label: string };
  /** `header` when the band heads an <article>. */
  as?: 'div' | 'header';
  children?: ReactNode;
};

/** The dark heading band at the top of a content page, holding its only h1. */
export function PageHead({ eyebrow, title, lead, crumb, as: Band = 'div', children }: PageHeadProps) {
  return (
    <Band className="band-dark page-head">
      <div className="container">
        {crumb && (
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <a href={crumb.href}>{crumb.label}</a>
          </nav>
        )}
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </Band>
  );
}

/** What a section shows when there is nothing to list yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="content-empty">{children}</p>;
}
