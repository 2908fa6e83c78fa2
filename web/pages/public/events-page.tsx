import { formatShortDate } from '#web/components/format.ts';
import { EmptyState, PageHead } from '#web/components/page-head.tsx';
import { SiteLayout } from '#web/components/site-layout.tsx';
import type { SiteInfo } from '#web/components/site-info.ts';
import { eventHref } from './links.ts';
import { ScheduleList } from './schedule-list.tsx';
import type { ScheduleItem } from './view-types.ts';

/** Upcoming events and seminars, then the past ones in a smaller list. */
export function EventsPage({ site, upcoming, past }: { site: SiteInfo; upcoming: readonly ScheduleItem[]; past: readonly ScheduleItem[] }) {
  return (
    <SiteLayout current="/events" site={site}>
      <PageHead
        eyebrow="Events"
        title="Events and seminars"
        lead="Gradings, tournaments, guest seminars and open days at the dojo and beyond."
      />
      <section className="section" aria-labelledby="upcoming-title">
        <div className="container">
          <h2 id="upcoming-title">Coming up</h2>
          {upcoming.length ? (
            <ScheduleList items={upcoming} zone={site.timeZone} />
          ) : (
            <EmptyState>Nothing is scheduled right now. New dates are announced here and on our social pages.</EmptyState>
          )}
        </div>
      </section>
      {past.length > 0 && (
        <section className="section section-alt" aria-labelledby="past-title">
          <div className="container">
            <h2 id="past-title">Past events</h2>
            <ul className="past-list">
              {past.map((e) => (
                <li key={e._id}>
                  <time dateTime={e.startsAt}>{formatShortDate(e.startsAt, site.timeZone)}</time>
                  <a href={eventHref(e._id)}>{e.title}</a>
                  <span className="muted">{e.label}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </SiteLayout>
  );
}
