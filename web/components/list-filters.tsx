/** The submit and Clear buttons of a public list's GET filter form (works without JavaScript). */
export function FilterActions({ submit, clearHref, showClear }: { submit: string; clearHref: string; showClear: boolean }) {
  return (
    <div className="filters-actions">
      <button type="submit" className="btn btn-primary">
        {submit}
      </button>
      {showClear && (
        <a className="btn btn-secondary" href={clearHref}>
          Clear
        </a>
      )}
    </div>
  );
}

/** "1 course" / "12 courses", announced when a filter changes the list. */
export function ResultsCount({ total, singular, plural }: { total: number; singular: string; plural: string }) {
  return (
    <p className="results-count" role="status">
      {total === 1 ? `1 ${singular}` : `${total} ${plural}`}
    </p>
  );
}
