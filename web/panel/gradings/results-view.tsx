import { useEffect, useState } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { DataTable, TableHead, numberColumn } from '#web/panel/resource/list-kit.tsx';
import { PanelLink } from '#web/panel/router.tsx';
import { GradingStatus } from './grading-parts.tsx';
import { BeltName } from '#web/components/belt.tsx';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { readResults, readSheet, readTechniquesByRank, type CandidateResult, type GradingBrief } from './gradings-api.ts';
import type { SheetTechnique } from './sheet-draft.ts';

type Loaded = {
  grading: GradingBrief;
  results: CandidateResult[];
  techniques: Record<string, SheetTechnique[]>;
};

const OUTCOME: Record<CandidateResult['outcome'], { label: string; cls: string }> = {
  passed: { label: 'Passed', cls: 'badge badge-active' },
  failed: { label: 'Failed', cls: 'badge badge-blocked' },
  pending: { label: 'Pending', cls: 'badge' },
};

const notPresent = (r: CandidateResult) => r.status === 'absent' || r.status === 'deferred';

function CandidateCard({ result: r, techniques, hidden }: { result: CandidateResult; techniques: SheetTechnique[]; hidden: boolean }) {
  const headingId = `result-${r.candidateId}`;
  const verdicts = r.sheets.map((s) => r.verdicts.find((v) => v.examinerId === s.examinerId));
  return (
    <section className="card result-card" aria-labelledby={headingId} data-outcome={r.outcome}>
      <div className="result-head">
        <h2 id={headingId}>{r.name}</h2>
        {notPresent(r) ? (
          <span className="badge">Not present</span>
        ) : (
          <span className={OUTCOME[r.outcome].cls}>{OUTCOME[r.outcome].label}</span>
        )}
      </div>
      <p className="muted">
        For <BeltName belt={r.targetRank} />
      </p>
      {hidden ? (
        <p className="muted">Lock your own sheet for {r.name} to see the other examiners' scores: each examiner scores on their own.</p>
      ) : notPresent(r) ? (
        <p className="muted">Not present at the grading: not scored.</p>
      ) : r.sheets.length === 0 ? (
        <p className="muted">No examiner has scored yet.</p>
      ) : (
        <>
          {r.sheets.length > 1 && (
            <p className="results-scroll-hint muted">{r.sheets.length} examiners: scroll the table sideways to see each sheet.</p>
          )}
          <DataTable id={`${headingId}-table`} caption={`Scores of ${r.name} by each examiner`} busy={false} className="results-table">
            <TableHead
              columns={['Technique', ...r.sheets.map((s) => numberColumn(`${s.examinerName}${s.role === 'head' ? ' (head)' : ''}`))]}
            />
            <tbody>
              {techniques.map((t) => (
                <tr key={t._id}>
                  <th scope="row">
                    {t.title}
                    <span className="cell-note">
                      pass {t.passScore} of {t.maxScore}
                      {t.mandatory ? ' · mandatory' : ''}
                    </span>
                  </th>
                  {r.sheets.map((s, i) => {
                    const v = s.scores[t._id];
                    const low = typeof v === 'number' && v < t.passScore;
                    return (
                      <td key={i} className={`cell-number${low ? ' score-low' : ''}`}>
                        {typeof v === 'number' ? v : '—'}
                        {low && <span className="visually-hidden"> (below the pass mark)</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
              <tr className="results-verdicts">
                <th scope="row">Sheet</th>
                {r.sheets.map((s, i) => (
                  <td key={i} className="cell-number">
                    {verdicts[i]?.complete ? (verdicts[i]?.passed ? 'Pass' : 'Fail') : 'Incomplete'} · {verdicts[i]?.percent ?? 0}%
                    <span className="cell-note">
                      {s.lockedAt ? (
                        <>
                          Locked <SchoolTime iso={s.lockedAt} show="stamp" />
                        </>
                      ) : (
                        'Not locked'
                      )}
                    </span>
                  </td>
                ))}
              </tr>
            </tbody>
          </DataTable>
        </>
      )}
      {r.sheets.some((s) => s.comment) && (
        <dl className="result-comments">
          {r.sheets
            .filter((s) => s.comment)
            .map((s, i) => (
              <div key={i}>
                <dt>{s.examinerName}</dt>
                <dd>{s.comment}</dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  );
}

/** A grading's results: per candidate, every examiner's sheet side by side and the outcome by the grading's rule. */
export function ResultsView({ gradingId, base, sheetHref }: { gradingId: string; base: string; sheetHref: string }) {
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    (async () => {
      const { grading, results } = await readResults(gradingId, ctl.signal);
      // An examiner's own sheet names the techniques; other staff read them from the program's ladder.
      if (!grading.amExaminer) return { grading, results, techniques: await readTechniquesByRank(grading.programId, ctl.signal) };
      return { grading, results, techniques: (await readSheet(gradingId, ctl.signal)).techniquesByRank };
    })().then(
      (d) => !ctl.signal.aborted && setData(d),
      (err: unknown) => !ctl.signal.aborted && setError(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [gradingId]);

  const back = (
    <PanelLink className="roster-back" href={base}>
      ← My gradings
    </PanelLink>
  );
  if (!data)
    return (
      <section className="panel-screen results-screen" aria-labelledby="results-title">
        {back}
        <h1 id="results-title">Results</h1>
        {error ? <FormAlert message={error} /> : <Loading label="Loading the results…" />}
      </section>
    );
  const g = data.grading;
  const counts = { passed: 0, failed: 0, pending: 0, absent: 0 };
  for (const r of data.results) counts[notPresent(r) ? 'absent' : r.outcome] += 1;
  return (
    <section className="panel-screen results-screen" data-ready="" aria-labelledby="results-title">
      {back}
      <h1 id="results-title">Results: {g.title}</h1>
      <p className="muted">
        <CalendarDay day={g.heldOn} /> · {g.programName} · <GradingStatus status={g.status} /> · decided by{' '}
        {g.resultRule === 'all' ? 'every examiner' : 'a majority of the examiners'}
      </p>
      <p role="status">
        {counts.passed} passed · {counts.failed} failed · {counts.pending} pending{counts.absent ? ` · ${counts.absent} not present` : ''}
      </p>
      {g.amExaminer && g.status === 'scoring' && (
        <p>
          <PanelLink href={sheetHref}>Open my score sheet</PanelLink>
        </p>
      )}
      {data.results.length === 0 ? (
        <p className="empty-state">No candidate has been scored yet.</p>
      ) : (
        data.results.map((r) => (
          <CandidateCard
            key={r.candidateId}
            result={r}
            techniques={data.techniques[r.targetRank._id] ?? []}
            hidden={!!r.othersHidden && !notPresent(r)}
          />
        ))
      )}
    </section>
  );
}
