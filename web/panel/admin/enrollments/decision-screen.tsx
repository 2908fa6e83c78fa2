import { useEffect, useState } from 'react';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import type { ListQuery } from './enrollments-api.ts';
import { DecisionDetail, type DecisionKind } from './decision-detail.tsx';
import { EnrollmentList, type ListConfig } from './enrollment-list.tsx';

type Props<R extends { _id: string }> = PanelScreenProps & {
  kind: DecisionKind<R>;
  config: (base: string) => ListConfig<R>;
  /** The list's filters when the screen opens (each list keeps its own keys). */
  noFilters: ListQuery;
};

/**
 * A school's decision screen (course or membership enrolments, instructor applications) at `<base>`, one
 * row at `<base>/<id>`; the list keeps its filters while one is open, and says what was deleted from the detail.
 */
export function DecisionScreen<R extends { _id: string }>({ base, path, kind, config, noFilters }: Props<R>) {
  const [query, setQuery] = useState<ListQuery>(noFilters);
  const [flash, setFlash] = useState('');
  const [list] = useState(() => config(base));
  const [sub] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (sub) return <DecisionDetail<R> kind={kind} base={base} id={decodeURIComponent(sub)} onDeleted={setFlash} />;
  return <EnrollmentList config={list} query={query} setQuery={setQuery} flash={flash} />;
}
