import { useEffect, useState } from 'react';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { Report } from './grading-detail.tsx';
import { CandidateBadge } from './grading-parts.tsx';
import { readPrograms, readRanks, readResults, type CandidateResult, type Grading } from './gradings-api.ts';
import { BeltName } from '#web/components/belt.tsx';

/** Technique id → title, from the program's ladder (the sheets carry ids only). */
function useTechniqueTitles(programId: string) {
  const [titles, setTitles] = useState<Record<string, string>>({});
  useEffect(() => {
    const ctl = new AbortController();
    readPrograms(ctl.signal)
      .then((ps) => {
        const slug = ps.find((p) => p._id === programId)?.slug;
        return slug ? readRanks(slug, ctl.signal) : [];
      })
      .then(
        (ranks) => {
          const out: Record<string, string> = {};
          for (const r of ranks) for (const t of r.techniques ?? []) out[t._id] = t.title;
          setTitles(out);
        },
        () => {},
      );
    return () => ctl.abort();
  }, [programId]);
  return titles;
}

const OUTCOME: Record<CandidateResult['outcome'], string> = { passed: 'passed', failed: 'failed', pending: 'present' };

/** Each candidate's outcome under the grading's rule, with every examiner's sheet beside it. Approve and Finalize stand above. */
export function ResultsTab({ grading, reload }: { grading: Grading; report: Report; reload: number }) {
  const [results, setResults] = useState<CandidateResult[] | null>(null);
  const [failed, setFailed] = useState('');
  const titles = useTechniqueTitles(grading.programId);
  useEffect(() => {
    const ctl = new AbortController();
    readResults(grading._id, ctl.signal).then(
      (r) => {
        setResults(r);
        setFailed('');
      },
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [grading._id, reload]);
  if (failed) return <FormAlert message={failed} />;
  if (!results) return <Loading label="Loading..." />;
  if (!results.length) return <p className="empty-state">No results yet: scores appear here once examiners start scoring.</p>;
  return (
    <section aria-labelledby="results-h" className="grading-results">
      <h2 id="results-h">Results ({grading.resultRule === 'all' ? 'every examiner must pass' : 'majority of examiners'})</h2>
      {results.map((r) => (
        <article key={r.candidateId} className="card result-card" data-id={r.candidateId} data-outcome={r.outcome}>
          <header className="result-head">
            <h3>{r.name}</h3>
            <BeltName belt={r.targetRank} />
            {r.movesTo && (
              <span className="muted small">
                moves to {r.movesTo.programName} · {r.movesTo.rankName} (age {r.movesTo.atAge})
              </span>
            )}
            {r.outcome === 'pending' ? (
              <span className="badge candidate-pending">Pending</span>
            ) : (
              <CandidateBadge state={OUTCOME[r.outcome]} />
            )}
          </header>
          <ul className="sheet-list">
            {r.sheets.map((s, i) => {
              const v = r.verdicts[i];
              return (
                <li key={`${s.examinerName}-${i}`}>
                  <details>
                    <summary>
                      {s.examinerName} ({s.role === 'head' ? 'head' : 'panel'}):{' '}
                      {v ? `${v.percent}% · ${v.complete ? (v.passed ? 'pass' : 'fail') : 'incomplete'}` : 'no sheet'}
                      {s.lockedAt ? ' · locked' : ' · not locked'}
                    </summary>
                    <dl className="facts">
                      {Object.entries(s.scores).map(([tid, score]) => (
                        <div key={tid} className="fact-row">
                          <dt>{titles[tid] ?? 'Technique'}</dt>
                          <dd>{score}</dd>
                        </div>
                      ))}
                    </dl>
                    {s.comment && <p>“{s.comment}”</p>}
                    {s.lockedAt && (
                      <p className="muted">
                        Locked <SchoolTime iso={s.lockedAt} />
                      </p>
                    )}
                  </details>
                </li>
              );
            })}
          </ul>
        </article>
      ))}
    </section>
  );
}
