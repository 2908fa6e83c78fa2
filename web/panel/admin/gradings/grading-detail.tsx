import { useCallback, useEffect, useState } from 'react';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { CandidatesTab } from './candidates-tab.tsx';
import { ExaminersEditor } from './examiners-editor.tsx';
import { GradingFacts } from './grading-facts.tsx';
import { GradingForm } from './grading-form.tsx';
import { editable } from './grading-moves.ts';
import { GradingMoves } from './grading-moves-bar.tsx';
import { GradingBadge } from './grading-parts.tsx';
import { readGrading, type Grading } from './gradings-api.ts';
import { ResultsTab } from './results-tab.tsx';
import { CalendarDay } from '#web/components/school-zone.tsx';

const TABS = [
  ['details', 'Details'],
  ['examiners', 'Examiners'],
  ['candidates', 'Candidates'],
  ['results', 'Results'],
] as const;

/** What a tab reports back: a message, or a refusal; either way the grading is read again. */
export type Report = (outcome: { notice?: string; alert?: string }) => void;

type Props = { base: string; id: string; tab: string; flash: string; me: string };

/** One grading: its state and moves on top, then a tab each for details, examiners, candidates (fees, attendance) and results. */
export function GradingDetail({ base, id, tab, flash, me }: Props) {
  const [grading, setGrading] = useState<Grading | null>(null);
  const [failed, setFailed] = useState('');
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState(flash);
  const [alert, setAlert] = useState('');

  useEffect(() => {
    const ctl = new AbortController();
    readGrading(id, ctl.signal).then(
      (g) => (g ? setGrading(g) : setFailed('Grading not found')),
      (err) => !ctl.signal.aborted && setFailed(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [id, reload]);

  const report: Report = useCallback(({ notice: n = '', alert: a = '' }) => {
    setNotice(n);
    setAlert(a);
    setReload((r) => r + 1);
  }, []);

  const back = (
    <p className="back-link">
      <PanelLink href={base}>← Gradings</PanelLink>
    </p>
  );
  if (failed)
    return (
      <div className="panel-screen grading-detail" data-ready="">
        {back}
        <FormAlert message={failed} />
      </div>
    );
  if (!grading) return <Loading label="Loading..." />;
  const here = `${base}/${encodeURIComponent(grading._id)}`;
  const current = TABS.some(([k]) => k === tab) ? tab : 'details';
  return (
    <div className="panel-screen grading-detail" data-ready="" data-status={grading.status}>
      {back}
      <div className="screen-head">
        <h1>{grading.title}</h1>
        <GradingBadge status={grading.status} />
      </div>
      <p className="lead">
        {grading.programName} · <CalendarDay day={grading.heldOn} short fallback="—" />
        {grading.location ? ` · ${grading.location}` : ''}
        {grading.cancelReason ? ` · Cancelled: ${grading.cancelReason}` : ''}
      </p>
      <FormStatus message={notice} />
      <FormAlert message={alert} />
      <GradingMoves grading={grading} report={report} />
      <nav className="tabs" aria-label="Grading sections">
        {TABS.map(([key, label]) => (
          <PanelLink key={key} href={`${here}/${key}`} className="tab" aria-current={current === key ? 'page' : undefined}>
            {label}
            {key === 'candidates' ? ` (${grading.candidateCount})` : ''}
          </PanelLink>
        ))}
      </nav>
      {current === 'details' &&
        (editable(grading.status) ? (
          <GradingForm key={reload} grading={grading} onSaved={(message) => report({ notice: message })} />
        ) : (
          <GradingFacts grading={grading} />
        ))}
      {current === 'examiners' && <ExaminersEditor grading={grading} report={report} me={me} />}
      {current === 'candidates' && <CandidatesTab grading={grading} report={report} reload={reload} />}
      {current === 'results' && <ResultsTab grading={grading} report={report} reload={reload} />}
    </div>
  );
}
