import type { ReactNode } from 'react';

type PageHeadProps = { eyebrow?: string; title: string; lead?: ReactNode; children?: ReactNode };

/** The dark heading band at the top of a content page, holding its only h1. */
export function PageHead({ eyebrow, title, lead, children }: PageHeadProps) {
  return (
    <div className="band-dark page-head">
      <div className="container">
        {eyebrow && <span className="eyebrow">{eyebrow}</span>}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

/** What a section shows when there is nothing to list yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="content-empty">{children}</p>;
}
