import { PanelLink } from '#web/panel/router.tsx';
import { gradingStatusWords } from '#web/panel/gradings/grading-parts.tsx';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { readMyGradings, readPrograms, readReady } from '#web/panel/gradings/gradings-api.ts';
import { Card, Empty, plural, useRead } from './home-parts.tsx';

const ACTIVE = ['draft', 'open', 'locked', 'scoring'];

async function readBelts(signal: AbortSignal) {
  const programs = await readPrograms(signal);
  const program = programs.find((p) => p.slug === 'karate')?.slug ?? programs[0]?.slug ?? '';
  const [ready, mine] = await Promise.all([
    readReady({ page: 1, program, status: 'ready', q: '' }, signal),
    readMyGradings({ page: 1 }, signal),
  ]);
  return {
    program,
    ready: ready.pagination?.total ?? ready.items.length,
    gradings: mine.items.filter((g) => ACTIVE.includes(g.status)).slice(0, 3),
  };
}

/** An instructor's belts at a glance: how many are ready for their next belt, and the gradings they examine next. */
export function BeltsCard({ base, userId }: { base: string; userId: string }) {
  const { data, error } = useRead(readBelts);
  return (
    <Card id="belts" title="Belts and gradings" more={{ href: `${base}/examining`, label: 'My gradings' }}>
      {error ? (
        <p className="home-empty">{error}</p>
      ) : !data ? (
        <p className="muted">Loading belts…</p>
      ) : (
        <>
          <p className="home-big">
            <PanelLink href={`${base}/ready/${encodeURIComponent(data.program)}/ready`}>
              {plural(data.ready, 'student')} ready for their next belt
            </PanelLink>
          </p>
          {data.gradings.length ? (
            <ul className="home-list">
              {data.gradings.map((g) => {
                const unconfirmed = g.examiners.some((e) => e.userId === userId && !e.confirmedAt);
                const href = g.status === 'scoring' ? `${base}/score-sheet/${encodeURIComponent(g._id)}` : `${base}/examining`;
                return (
                  <li key={g._id}>
                    <PanelLink href={href}>{g.title}</PanelLink>
                    <span className="muted">
                      <CalendarDay day={g.heldOn} /> ·{' '}
                      {g.status === 'scoring' ? 'score now' : unconfirmed ? 'please confirm' : gradingStatusWords(g.status)}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : (
            <Empty>You examine no grading coming up.</Empty>
          )}
        </>
      )}
    </Card>
  );
}
