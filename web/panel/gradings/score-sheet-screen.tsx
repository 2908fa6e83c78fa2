import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SCORING_MESSAGES } from '#core/gradings/score-schemas.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { GradingStatus } from './grading-parts.tsx';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { readMyGradings, readSheet, type Belt, type Grading, type Sheet } from './gradings-api.ts';
import { draftOf, isDirty, isScorable, type Draft, type SheetCandidate } from './sheet-draft.ts';
import { SheetForm } from './sheet-form.tsx';
import './gradings.css';

/**
 * The examiner's score sheet (`score-sheet/<gradingId>/<candidateId>`), made for a phone held in one hand:
 * one candidate at a time with Previous / Next, typed scores kept per candidate until saved, then locked.
 */
export default function ScoreSheetScreen({ base, path }: PanelScreenProps) {
  const gradingId = path[0] ? decodeURIComponent(path[0]) : '';
  const examining = `${base.replace(/\/score-sheet$/, '')}/examining`;
  const back = (
    <PanelLink className="roster-back" href={examining}>
      ← My gradings
    </PanelLink>
  );
  if (!gradingId)
    return (
      <section className="panel-screen score-sheet" data-ready="" aria-labelledby="sheet-title">
        {back}
        <h1 id="sheet-title">Score sheet</h1>
        <ScoringNow base={base} />
      </section>
    );
  return (
    <SheetScreen key={gradingId} gradingId={gradingId} candidateId={path[1] ? decodeURIComponent(path[1]) : ''} base={base} back={back} />
  );
}

function SheetScreen({ gradingId, candidateId, base, back }: { gradingId: string; candidateId: string; base: string; back: ReactNode }) {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [error, setError] = useState('');
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});

  useEffect(() => {
    const ctl = new AbortController();
    readSheet(gradingId, ctl.signal).then(
      (s) => !ctl.signal.aborted && setSheet(s),
      (err: unknown) => !ctl.signal.aborted && setError(errorMessage(err)),
    );
    return () => ctl.abort();
  }, [gradingId]);

  const candidates = useMemo(() => (sheet?.candidates ?? []).filter(isScorable), [sheet]);
  const techniquesOf = (c: SheetCandidate) => sheet?.techniquesByRank[c.targetRankId] ?? [];
  const draftFor = (c: SheetCandidate) => drafts[c.candidateId] ?? draftOf(c);
  const unsaved = candidates.filter((c) => isDirty(draftFor(c), c, techniquesOf(c))).length;

  // Typed scores live in this page only: warn before the tab is closed or reloaded with some unsaved.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  if (!sheet)
    return (
      <section className="panel-screen score-sheet" aria-labelledby="sheet-title">
        {back}
        <h1 id="sheet-title">Score sheet</h1>
        {error ? <FormAlert message={error} /> : <Loading label="Loading your score sheet…" />}
      </section>
    );

  const g = sheet.grading;
  const writable = g.status === 'scoring';
  const index = Math.max(
    0,
    candidateId ? candidates.findIndex((c) => c.candidateId === candidateId) : candidates.findIndex((c) => !c.lockedAt),
  );
  const current = candidates[index];
  const hrefAt = (i: number) => `${base}/${encodeURIComponent(gradingId)}/${encodeURIComponent(candidates[i]?.candidateId ?? '')}`;
  const beltOf = (c: SheetCandidate): Belt | null => c.targetRank ?? g.targetRanks?.find((r) => r._id === c.targetRankId) ?? null;
  const lockedCount = candidates.filter((c) => c.lockedAt).length;
  const notScored = sheet.candidates.length - candidates.length;

  return (
    <section className="panel-screen score-sheet" data-ready="" aria-labelledby="sheet-title">
      {back}
      <h1 id="sheet-title">
        Score sheet<span className="sheet-grading">: {g.title}</span>
      </h1>
      <p className="muted">
        <CalendarDay day={g.heldOn} /> · <GradingStatus status={g.status} /> · {lockedCount} of {candidates.length} sheets locked
        {unsaved ? ` · ${unsaved} not saved` : ''}
        {notScored ? ` · ${notScored} not present` : ''}
      </p>
      {!writable && <p className="notice">{SCORING_MESSAGES.notScoring}: this sheet is read-only.</p>}
      {!current ? (
        <p className="empty-state">No candidate is marked present yet: ask the admin to take attendance.</p>
      ) : (
        <>
          <nav className="sheet-nav" aria-label="Candidates">
            {index > 0 ? (
              <PanelLink className="btn btn-secondary" href={hrefAt(index - 1)} rel="prev">
                ← Previous<span className="visually-hidden"> candidate: {candidates[index - 1]?.name}</span>
              </PanelLink>
            ) : (
              <span />
            )}
            <span className="sheet-position" aria-live="polite">
              Candidate {index + 1} of {candidates.length}
            </span>
            {index < candidates.length - 1 ? (
              <PanelLink className="btn btn-secondary" href={hrefAt(index + 1)} rel="next">
                Next →<span className="visually-hidden"> candidate: {candidates[index + 1]?.name}</span>
              </PanelLink>
            ) : (
              <span />
            )}
          </nav>
          <SheetForm
            key={current.candidateId}
            gradingId={gradingId}
            candidate={current}
            target={beltOf(current)}
            techniques={techniquesOf(current)}
            draft={draftFor(current)}
            writable={writable}
            onDraft={(d) => setDrafts((all) => ({ ...all, [current.candidateId]: d }))}
            onSaved={(saved) => {
              setSheet((s) => s && { ...s, candidates: s.candidates.map((x) => (x.candidateId === saved.candidateId ? saved : x)) });
              setDrafts((all) => ({ ...all, [saved.candidateId]: draftOf(saved) }));
            }}
          />
        </>
      )}
    </section>
  );
}

/** Without a grading in the address: the gradings I examine that are being scored now, each a way to its sheet. */
function ScoringNow({ base }: { base: string }) {
  const [list, setList] = useState<Grading[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const ctl = new AbortController();
    readMyGradings({ page: 1 }, ctl.signal).then(
      (p) => !ctl.signal.aborted && setList(p.items.filter((g) => g.status === 'scoring')),
      (err: unknown) => {
        if (ctl.signal.aborted) return;
        setError(errorMessage(err));
        setList([]);
      },
    );
    return () => ctl.abort();
  }, []);
  if (!list) return <Loading label="Loading your gradings…" />;
  return (
    <>
      <FormAlert message={error} />
      {list.length === 0 ? (
        <p className="empty-state">None of your gradings is being scored now. Open one from My gradings once scoring starts.</p>
      ) : (
        <ul className="sheet-gradings">
          {list.map((g) => (
            <li key={g._id}>
              <PanelLink href={`${base}/${encodeURIComponent(g._id)}`}>{g.title}</PanelLink> · <CalendarDay day={g.heldOn} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
