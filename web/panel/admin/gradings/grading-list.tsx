import { useEffect, useState } from 'react';
import { GRADING_STATES } from '#core/gradings/grading-states.ts';
import { SelectField, type Option } from '#web/components/form-kit.tsx';
import { DataTable, ListMessages, ListResults, ListScreen, numberColumn, TableHead } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { GRADING_STATE_LABELS } from './grading-moves.ts';
import { GradingBadge } from './grading-parts.tsx';
import { readGradings, readPrograms, type GradingsQuery } from './gradings-api.ts';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { BeltName } from '#web/components/belt.tsx';

type Props = { base: string; query: GradingsQuery; setQuery: (q: GradingsQuery) => void; flash: string };

const STATUS_OPTIONS = GRADING_STATES.map((s) => ({ value: s, label: GRADING_STATE_LABELS[s] }));

/** Every grading of the school, newest first, filtered by state and program. */
export function GradingList({ base, query, setQuery, flash }: Props) {
  const list = useList({ query, setQuery, read: readGradings, empty: { items: [] }, flash });
  const [programs, setPrograms] = useState<Option[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    readPrograms(ctl.signal).then(
      (ps) => setPrograms(ps.map((p) => ({ value: p.slug, label: p.name }))),
      () => {},
    );
    return () => ctl.abort();
  }, []);
  return (
    <ListScreen list={list} className="admin-gradings">
      <div className="screen-head">
        <h1>Gradings</h1>
        <PanelLink href={`${base}/new`} className="btn btn-primary">
          New grading
        </PanelLink>
      </div>
      <p className="lead">Set up a grading, invite who is ready, take the fees, and finalize the results into ranks and certificates.</p>
      <ListMessages list={list} />
      <div className="list-filters" role="group" aria-label="Filter gradings">
        <SelectField id="gradings-status" label="Status" allLabel="All statuses" options={STATUS_OPTIONS} {...list.filter('status')} />
        <SelectField id="gradings-program" label="Program" allLabel="All programs" options={programs} {...list.filter('program')} />
      </div>
      <ListResults list={list} noun="gradings" singular="grading" filtered={!!(query.status || query.program)}>
        <DataTable id="gradings" caption="Gradings" busy={list.loading}>
          <TableHead columns={['Grading', 'Date', 'Program', 'Target ranks', 'Status', numberColumn('Candidates')]} />
          <tbody>
            {list.items.map((g) => (
              <tr key={g._id} data-id={g._id} data-status={g.status}>
                <th scope="row" data-label="Grading">
                  <PanelLink href={`${base}/${encodeURIComponent(g._id)}`}>{g.title}</PanelLink>
                  {g.location && <span className="cell-note">{g.location}</span>}
                </th>
                <td data-label="Date">
                  <CalendarDay day={g.heldOn} short fallback="—" />
                </td>
                <td data-label="Program">{g.programName}</td>
                <td data-label="Target ranks">
                  <span className="belt-list">
                    {g.targetRanks.map((r) => (
                      <BeltName key={r._id} belt={r} />
                    ))}
                  </span>
                </td>
                <td data-label="Status">
                  <GradingBadge status={g.status} />
                </td>
                <td data-label="Candidates" className="cell-number">
                  {g.candidateCount}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListResults>
    </ListScreen>
  );
}
