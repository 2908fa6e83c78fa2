import { SchoolTime } from '#web/components/school-zone.tsx';
import { Facts } from '#web/panel/admin/enrollments/enrollment-parts.tsx';
import type { Grading } from './gradings-api.ts';
import { CalendarDay } from '#web/components/school-zone.tsx';
import { BeltName } from '#web/components/belt.tsx';

const ages = (g: Grading) =>
  g.minAge === null && g.maxAge === null ? 'Any age' : `${g.minAge ?? 0} to ${g.maxAge === null ? 'any' : g.maxAge}`;

/** A grading's details once its roster is locked (they can no longer be edited). */
export function GradingFacts({ grading: g }: { grading: Grading }) {
  return (
    <section className="card" aria-labelledby="grading-facts-h">
      <h2 id="grading-facts-h">Details</h2>
      <Facts
        rows={[
          ['Program', g.programName],
          ['Date', <CalendarDay key="d" day={g.heldOn} short fallback="—" />],
          ['Location', g.location],
          ['Target ranks', g.targetRanks.length ? g.targetRanks.map((r) => <BeltName key={r._id} belt={r} />) : 'Every rank'],
          ['Ages', ages(g)],
          ['Registration closes', g.registrationClosesAt ? <SchoolTime iso={g.registrationClosesAt} /> : null],
          ['Result rule', g.resultRule === 'all' ? 'Every examiner must pass' : 'Majority of examiners'],
          ['Roster locked', g.lockedAt ? <SchoolTime iso={g.lockedAt} /> : null],
          ['Approved', g.approvedAt ? <SchoolTime iso={g.approvedAt} /> : null],
          ['Finalized', g.finalizedAt ? <SchoolTime iso={g.finalizedAt} /> : null],
          ['Notes', g.notes],
        ]}
      />
    </section>
  );
}
