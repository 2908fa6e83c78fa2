import { Card, Empty, useRead } from '#web/panel/homes/home-parts.tsx';
import { BeltSwatch, beltWords } from '#web/components/belt.tsx';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { readMyBelt } from './progress-api.ts';
import { readinessText, shortChecklistLine } from '#web/components/progress-words.ts';

const readBeltCard = async (signal: AbortSignal) => ({ belt: await readMyBelt(signal) });

/** The student home's "My belt": the belt held, the next one and the checklist in one line. */
export function BeltCard({ base }: { base: string }) {
  const { data: read, error } = useRead(readBeltCard);
  const more = { href: `${base}/progress`, label: 'Open My belt' };
  if (error)
    return (
      <Card id="belt" title="My belt" more={more}>
        <p className="home-empty">{error}</p>
      </Card>
    );
  if (read === null)
    return (
      <Card id="belt" title="My belt" more={more}>
        <p className="muted">Loading your belt…</p>
      </Card>
    );
  const data = read.belt;
  if (!data)
    return (
      <Card id="belt" title="My belt">
        <Empty>The school has not set up its belts here yet.</Empty>
      </Card>
    );
  const { currentRank: now, nextRank: next, nextGrading } = data;
  const line = shortChecklistLine(data.checks, data.techniques);
  return (
    <Card id="belt" title="My belt" more={more}>
      <div className="home-belt">
        <p>
          {now ? (
            <>
              <BeltSwatch colorHex={now.colorHex} name={now.name} stripes={now.stripes} stripeMax={now.stripeMax} large />{' '}
              <strong>{beltWords(now.name, now.stripes, now.stripeMax)}</strong>
            </>
          ) : (
            <strong>Not graded yet</strong>
          )}
        </p>
        {next ? (
          <>
            <p>
              Next: <BeltSwatch colorHex={next.colorHex} name={next.name} large /> {next.name}
            </p>
            <p className={data.eligible ? 'belt-ready-yes' : undefined}>
              <strong>{readinessText(data.eligible, data.checks)}</strong>
            </p>
            {line && <p className="belt-line muted">{line}</p>}
            {nextGrading && (
              <p className="belt-line">
                Next grading: {nextGrading.title}, <CalendarDay day={nextGrading.heldOn} short />
              </p>
            )}
          </>
        ) : (
          now && <Empty>You hold the top belt of {data.program.name}.</Empty>
        )}
      </div>
    </Card>
  );
}
