import { useEffect, useState, type ReactNode } from 'react';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import type { DecisionKind, ListQuery } from './enrollments-api.ts';
import type { Decided } from './decision-actions.tsx';
import { DecisionDetail } from './decision-detail.tsx';
import { EnrollmentList, type ListConfig } from './enrollment-list.tsx';

const NO_FILTERS: ListQuery = { page: 1, search: '', status: '', paymentStatus: '' };

type Props<T extends Decided & { _id: string }> = PanelScreenProps & {
  kind: DecisionKind;
  backLabel: string;
  config: (base: string) => ListConfig<T>;
  title: (row: T) => string;
  facts: (row: T) => ReactNode;
};

/**
 * A school's decision screen (course or membership enrolments) at `<base>`, one enrolment at `<base>/<id>`;
 * the list keeps its filters while one is open, and says what was deleted from the detail.
 */
export function DecisionScreen<T extends Decided & { _id: string }>({ base, path, kind, backLabel, config, title, facts }: Props<T>) {
  const [query, setQuery] = useState<ListQuery>(NO_FILTERS);
  const [flash, setFlash] = useState('');
  const [list] = useState(() => config(base));
  const [sub] = path;
  useEffect(() => {
    if (sub) setFlash('');
  }, [sub]);
  if (sub)
    return (
      <DecisionDetail<T>
        kind={kind}
        base={base}
        id={decodeURIComponent(sub)}
        backLabel={backLabel}
        title={title}
        body={facts}
        onDeleted={setFlash}
      />
    );
  return <EnrollmentList config={list} query={query} setQuery={setQuery} flash={flash} />;
}
