import { useEffect, useState } from 'react';
import { FormAlert, FormStatus } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { BeltSwatch } from '#web/components/belt.tsx';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { Checklist, Techniques } from './checklist.tsx';
import { Certificates, RankHistory } from './history.tsx';
import { NextGrading } from './next-grading.tsx';
import { gradingOfCandidate, readMyProgress, settleReturn, type MyProgress, type ProgramProgress } from './progress-api.ts';
import { beltWords } from '#web/components/belt.tsx';
import { readinessText, shortChecklistLine } from '#web/components/progress-words.ts';

/**
 * "My belt" of the student and member panels: per program, the belt held and the next one, the checklist
 * towards it with what remains, its techniques (each opening the syllabus), the next grading with Register
 * and Pay the fee (back from the gateway at `?paid=<candidate>`), the belts so far, and the certificates.
 */
export default function MyProgressScreen({ panel, base }: PanelScreenProps) {
  const [data, setData] = useState<MyProgress | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [round, setRound] = useState(0);
  // `?for=<childId>` (the family screen's Progress link): a guardian reads their child's belt, without the grading actions.
  const [child] = useState(() => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('for')));
  const title = child ? 'Your child’s belt' : 'My belt';

  useEffect(() => {
    const ctl = new AbortController();
    (async () => {
      let progress = await readMyProgress(ctl.signal, child);
      // Back from the gateway: settle the proof, then read again so the grading already says "paid".
      const back = new URLSearchParams(window.location.search);
      if (back.has('paid')) {
        window.history.replaceState(null, '', base);
        try {
          setNotice(await settleReturn(back, gradingOfCandidate(progress, back.get('paid'))));
        } catch (err) {
          setError(errorMessage(err));
        }
        progress = await readMyProgress(ctl.signal, child);
      }
      if (!ctl.signal.aborted) setData(progress);
    })().catch((err: unknown) => {
      if (!ctl.signal.aborted) setError(errorMessage(err));
    });
    return () => ctl.abort();
  }, [base, round, child]);

  const refresh = (message: string) => {
    setNotice(message);
    setRound((n) => n + 1);
  };

  if (!data)
    return (
      <section className="panel-screen progress-screen" data-state={error ? 'failed' : 'loading'}>
        <h2>{title}</h2>
        {error ? <FormAlert message={error} /> : <Loading label="Loading the belt…" />}
      </section>
    );
  return (
    <section className="panel-screen progress-screen" data-ready="">
      <h2>{title}</h2>
      <FormStatus message={notice} />
      <FormAlert message={error} />
      {data.programs.length === 0 && <p className="notice">The school has not set up its belt ladder yet.</p>}
      {data.programs.map((p) => (
        <ProgramPart key={p.eligibility.program._id} progress={p} panelBase={panel.base} onDone={child ? null : refresh} />
      ))}
      <section className="card belt-section" aria-labelledby="belt-certificates">
        <h3 id="belt-certificates">Certificates</h3>
        {data.certificates.error ? (
          <FormAlert message={data.certificates.error} />
        ) : (
          <Certificates certificates={data.certificates.items} />
        )}
      </section>
    </section>
  );
}

/** `onDone` null: someone else's belt (a guardian's child's), read without the grading's registration. */
type PartProps = { progress: ProgramProgress; panelBase: string; onDone: ((message: string) => void) | null };

function ProgramPart({ progress, panelBase, onDone }: PartProps) {
  const e = progress.eligibility;
  const id = `belt-${e.program.slug}`;
  const { currentRank: now, nextRank: next } = e;
  const line = shortChecklistLine(e.checks, e.techniques);
  return (
    <div className="belt-program" data-program={e.program.slug}>
      <section className="card belt-now" aria-labelledby={`${id}-now`}>
        <h3 id={`${id}-now`} className="belt-program-title">
          {e.program.name}
        </h3>
        <div className="belt-pair">
          <div>
            <p className="belt-label">Your belt</p>
            {now ? (
              <>
                <BeltSwatch colorHex={now.colorHex} name={now.name} stripes={now.stripes} stripeMax={now.stripeMax} large />
                <p className="belt-name">{beltWords(now.name, now.stripes, now.stripeMax)}</p>
                <p className="muted">
                  Since <CalendarDay day={now.awardedOn} />
                </p>
              </>
            ) : (
              <p className="belt-name">Not graded yet</p>
            )}
          </div>
          <div>
            <p className="belt-label">Next belt</p>
            {next ? (
              <>
                <BeltSwatch colorHex={next.colorHex} name={next.name} large />
                <p className="belt-name">{next.name}</p>
              </>
            ) : (
              <p className="belt-name">You hold the top belt of this program.</p>
            )}
          </div>
        </div>
        {next && (
          <p className={`belt-ready${e.eligible ? ' belt-ready-yes' : ''}`}>
            <strong>{readinessText(e.eligible, e.checks, next.name)}</strong>
            {e.window.since && (
              <span className="muted">
                {' '}
                Classes count from <CalendarDay day={e.window.since} />.
              </span>
            )}
          </p>
        )}
        {next && line && <p className="belt-line">{line}</p>}
      </section>
      {next && (
        <section className="card belt-section" aria-labelledby={`${id}-checklist`}>
          <h3 id={`${id}-checklist`}>What {next.name} asks</h3>
          <Checklist eligibility={e} idPrefix={id} />
        </section>
      )}
      {next && e.techniques.length > 0 && (
        <section className="card belt-section" aria-labelledby={`${id}-techniques`}>
          <h3 id={`${id}-techniques`}>Techniques for {next.name}</h3>
          <Techniques eligibility={e} panelBase={panelBase} />
        </section>
      )}
      {next && onDone && (
        <section className="card belt-section" aria-labelledby={`${id}-grading`}>
          <h3 id={`${id}-grading`}>Next grading</h3>
          <NextGrading eligibility={e} onDone={onDone} />
        </section>
      )}
      <section className="card belt-section" aria-labelledby={`${id}-history`}>
        <h3 id={`${id}-history`}>Belts so far</h3>
        <RankHistory awards={progress.history} />
      </section>
    </div>
  );
}
