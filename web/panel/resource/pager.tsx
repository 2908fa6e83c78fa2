import type { Pagination } from '#web/lib/api.ts';

type Props = { pagination: Pagination; busy: boolean; noun: string; singular?: string; onPage: (page: number) => void };

/** Previous / Next with "Page x of y · n items"; hidden when there is nothing to page through. */
export function Pager({ pagination: p, busy, noun, singular = noun, onPage }: Props) {
  if (p.total <= 0) return null;
  return (
    <nav className="pager" aria-label={`Pages of ${noun}`}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={p.page <= 1 || busy} onClick={() => onPage(p.page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {p.page} of {Math.max(1, p.totalPages)} · {p.total} {p.total === 1 ? singular : noun}
      </span>
      <button type="button" className="btn btn-secondary btn-sm" disabled={!p.hasMore || busy} onClick={() => onPage(p.page + 1)}>
        Next
      </button>
    </nav>
  );
}
