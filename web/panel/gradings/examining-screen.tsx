import { useState } from 'react';
import { errorMessage } from '#web/lib/api.ts';
import { ActionsCell, DataTable, ListMessages, ListResults, ListScreen, TableHead } from '#web/panel/resource/list-kit.tsx';
import { useList } from '#web/panel/resource/use-list.ts';
import { PanelLink } from '#web/panel/router.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { GradingStatus } from './grading-parts.tsx';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { confirmExamining, readMyGradings, type Grading } from './gradings-api.ts';
import { ResultsView } from './results-view.tsx';
import './gradings.css';

const SCORED = ['scoring', 'approved', 'finalized'];
const CONFIRMABLE = ['draft', 'open'];

/** The panel's score sheet screen sits beside this one: `/instructor/examining` → `/instructor/score-sheet/<id>`. */
export const sheetHref = (base: string, gradingId: string) =>
  `${base.replace(/\/examining$/, '')}/score-sheet/${encodeURIComponent(gradingId)}`;

/**
 * "My gradings" (`examining`): the gradings I examine, with Confirm while the roster is open, the way to my score sheet
 * once scoring starts, and the results (`examining/<id>/results`): every examiner's sheet and each candidate's outcome.
 */
export default function ExaminingScreen({ user, base, path }: PanelScreenProps) {
  if (path[0] && path[1] === 'results')
    return <ResultsView gradingId={decodeURIComponent(path[0])} base={base} sheetHref={sheetHref(base, path[0])} />;
  return <MyGradings userId={user._id} base={base} />;
}

function MyGradings({ userId, base }: { userId: string; base: string }) {
  const [query, setQuery] = useState({ page: 1 });
  const list = useList({ query, setQuery, read: readMyGradings, empty: { items: [] } });
  const [busy, setBusy] = useState('');

  async function confirm(g: Grading) {
    setBusy(g._id);
    try {
      await confirmExamining(g._id);
      list.done(`You confirmed you will examine ${g.title}.`);
    } catch (err) {
      list.failed(errorMessage(err));
    } finally {
      setBusy('');
    }
  }

  return (
    <ListScreen list={list} className="examining-screen">
      <h1>My gradings</h1>
      <p className="lead">The gradings you examine. Confirm you will be there; once scoring starts, open your score sheet.</p>
      <ListMessages list={list} />
      <ListResults
        list={list}
        noun="gradings"
        singular="grading"
        empty={list.items.length ? false : 'You are not an examiner of any grading.'}
      >
        <DataTable id="examining" caption="Gradings you examine" busy={list.loading}>
          <TableHead columns={['Grading', 'Date', 'Status', 'You']} actions />
          <tbody>
            {list.items.map((g) => {
              const me = g.examiners.find((e) => e.userId === userId);
              return (
                <tr key={g._id} data-id={g._id} data-status={g.status}>
                  <th scope="row" data-label="Grading">
                    {g.title}
                    <span className="cell-note">
                      {g.programName} · {g.candidateCount} {g.candidateCount === 1 ? 'candidate' : 'candidates'}
                      {g.location ? ` · ${g.location}` : ''}
                    </span>
                  </th>
                  <td data-label="Date">
                    <CalendarDay day={g.heldOn} />
                  </td>
                  <td data-label="Status">
                    <GradingStatus status={g.status} />
                  </td>
                  <td data-label="You">
                    {me?.role === 'head' ? 'Head examiner' : 'Panel examiner'}
                    <span className="cell-note">{me?.confirmedAt ? 'Confirmed' : 'Not confirmed yet'}</span>
                  </td>
                  <ActionsCell>
                    {me && !me.confirmedAt && CONFIRMABLE.includes(g.status) && (
                      <button type="button" className="btn btn-primary btn-sm" disabled={busy === g._id} onClick={() => void confirm(g)}>
                        {busy === g._id ? 'Confirming…' : 'Confirm'}
                        <span className="visually-hidden"> {g.title}</span>
                      </button>
                    )}
                    {SCORED.includes(g.status) && (
                      <>
                        <PanelLink className="btn btn-primary btn-sm" href={sheetHref(base, g._id)}>
                          Score sheet<span className="visually-hidden"> {g.title}</span>
                        </PanelLink>
                        <PanelLink className="btn btn-secondary btn-sm" href={`${base}/${encodeURIComponent(g._id)}/results`}>
                          Results<span className="visually-hidden"> {g.title}</span>
                        </PanelLink>
                      </>
                    )}
                  </ActionsCell>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </ListResults>
    </ListScreen>
  );
}
