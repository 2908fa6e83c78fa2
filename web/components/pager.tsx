type PagerProps = { page: number; totalPages: number; href: (page: number) => string; label?: string };

/** Previous / next links for a paged list; plain links, so paging works without JavaScript. */
export function Pager({ page, totalPages, href, label = 'Pages' }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="content-pager" aria-label={label}>
      {page > 1 ? (
        <a className="btn btn-secondary btn-sm" href={href(page - 1)} rel="prev">
          <span aria-hidden="true">←</span> Previous
        </a>
      ) : (
        <span />
      )}
      <span className="content-pager-status">{`Page ${page} of ${totalPages}`}</span>
      {page < totalPages ? (
        <a className="btn btn-secondary btn-sm" href={href(page + 1)} rel="next">
          Next <span aria-hidden="true">→</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `/blog` + page 3 → `/blog?page=3`, keeping the other query parameters; page 1 has no parameter. */
export function pageHref(path: string, params: Record<string, string | undefined>, page: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
