import { dayOfMonth, formatRange, localDay, monthShort } from '#web/components/format.ts';
import { eventHref } from './links.ts';
import type { ScheduleItem } from './view-types.ts';

/** Upcoming events and seminars as date cards, each title linking to its page. */
export function ScheduleList({
  items,
  zone,
  headingLevel: H = 'h3',
}: {
  items: readonly ScheduleItem[];
  zone: string;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul className="event-list">
      {items.map((e) => (
        <li className="card event" key={e._id}>
          <time className="event-date" dateTime={localDay(e.startsAt, zone)}>
            <span className="event-day">{dayOfMonth(e.startsAt, zone)}</span>{' '}
            <span className="event-month">{monthShort(e.startsAt, zone)}</span>
          </time>
          <div className="event-body">
            <span className="event-kind">{e.label}</span>
            <H className="event-title">
              <a className="card-link" href={eventHref(e._id)}>
                {e.title}
              </a>
            </H>
            <p className="muted">
              <time dateTime={e.startsAt}>{formatRange(e.startsAt, e.endsAt, zone)}</time>
              {e.location ? ` · ${e.location}` : ''}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
