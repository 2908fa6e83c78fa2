import { DAY_NAMES } from '#core/catalog/catalog-options.ts';
import { clockLabel, levelLabel } from '#web/components/format.ts';
import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { TRIAL_HREF } from './links.ts';
import type { SessionView } from '#core/bookings/views.ts';
import { SessionWeek } from './session-week.tsx';
import type { ClassDto } from './view-types.ts';

/** Monday first, as a school week reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

export function groupByDay(classes: readonly ClassDto[]) {
  return WEEK.map((day) => ({ day, name: DAY_NAMES[day], classes: classes.filter((k) => k.dayOfWeek === day) })).filter(
    (g) => g.classes.length > 0,
  );
}

/** The coming week's sessions to book, then the weekly timetable: one table per day, each with its caption and header cells. */
export function ClassesPage({
  site,
  classes,
  sessions = [],
  now = new Date().toISOString(),
}: {
  site: SiteInfo;
  classes: readonly ClassDto[];
  sessions?: readonly SessionView[];
  now?: string;
}) {
  const days = groupByDay(classes);
  return (
    <SiteLayout current="/classes" site={site}>
      <PageHead
        eyebrow="Classes"
        title="Weekly timetable"
        lead="Regular classes for every age and level. Your first class is free — just let us know you are coming."
      />
      <div className="section">
        <div className="container">
          <SessionWeek sessions={sessions} zone={site.timeZone} now={now} />
          <h2 className="timetable-title">Every week</h2>
          {days.length ? (
            <>
              <nav className="day-links" aria-label="Days">
                <ul>
                  {days.map((d) => (
                    <li key={d.day}>
                      <a href={`#day-${d.day}`}>{d.name}</a>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="timetable">
                {days.map((d) => (
                  <table className="timetable-day" id={`day-${d.day}`} key={d.day}>
                    <caption>{d.name}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Time</th>
                        <th scope="col">Class</th>
                        <th scope="col">Instructor and place</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.classes.map((k) => (
                        <tr key={k._id}>
                          <th scope="row" className="tt-time">
                            <time dateTime={k.startTime}>{clockLabel(k.startTime)}</time>
                            <span aria-hidden="true">–</span>
                            <span className="visually-hidden"> to </span>
                            <time dateTime={k.endTime}>{clockLabel(k.endTime)}</time>
                          </th>
                          <td>
                            <strong>{k.title}</strong>
                            <span className="tt-meta">
                              {[levelLabel(k.level), k.ageGroup ? `Ages ${k.ageGroup}` : null].filter(Boolean).join(' · ')}
                            </span>
                          </td>
                          <td className="tt-where">
                            {k.instructorName ?? 'Dojo instructors'}
                            {k.location && <span className="tt-meta">{k.location}</span>}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ))}
              </div>
            </>
          ) : (
            <EmptyState>
              The new timetable is on its way. <a href="/contact">Contact us</a> for this week's class times.
            </EmptyState>
          )}
          <p className="section-more">
            <a className="btn btn-primary" href={TRIAL_HREF}>
              Book a free trial class
            </a>
          </p>
        </div>
      </div>
    </SiteLayout>
  );
}
