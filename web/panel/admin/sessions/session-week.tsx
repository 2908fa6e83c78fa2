import { useCallback, useState } from 'react';
import { formatDate, formatShortDate, localDay } from '#web/components/format.ts';
import { useSchoolZone } from '#web/components/school-zone.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { ListMessages, ListScreen } from '#web/panel/resource/list-kit.tsx';
import { useList, type ListPage } from '#web/panel/resource/use-list.ts';
import { bookedText, CancelSessionDialog, SessionTimes } from './session-parts.tsx';
import { generateSessions, readSessions, type SessionView } from './sessions-api.ts';
import { addDays, dayStart, thisMonday, weekOf } from './week.ts';

export type WeekQuery = { page: number; monday: string };
const NONE: ListPage<SessionView> = { items: [] };

type Props = { base: string; query: WeekQuery; setQuery: (q: WeekQuery) => void; flash: string };

/** The school's week of sessions, Monday to Sunday on its own clock (a day list on a phone): add, edit, cancel, generate. */
export function SessionWeek({ base, query, setQuery, flash }: Props) {
  const zone = useSchoolZone();
  const read = useCallback(
    async (q: WeekQuery, signal: AbortSignal) => {
      const { from, to } = weekOf(q.monday, zone);
      return { items: await readSessions(from, to, signal) };
    },
    [zone],
  );
  const list = useList({ query, setQuery, read, empty: NONE, flash });
  const [cancelling, setCancelling] = useState<SessionView | null>(null);
  const [generating, setGenerating] = useState(false);
  const { days } = weekOf(query.monday, zone);
  const today = localDay(new Date(), zone);
  const dayOf = (s: SessionView) => localDay(s.startsAt, zone);
  const go = (monday: string) => setQuery({ page: 1, monday });

  async function generate() {
    setGenerating(true);
    try {
      const { data } = await generateSessions();
      const kept = data?.kept.length ?? 0;
      list.done(
        `Sessions generated: ${data?.created ?? 0} added, ${data?.updated ?? 0} updated, ${data?.removed ?? 0} removed${kept ? `, ${kept} booked left as they were` : ''}`,
      );
    } catch (err) {
      list.failed(errorMessage(err));
    } finally {
      setGenerating(false);
    }
  }

  return (
    <ListScreen list={list} className="admin-sessions">
      <div className="screen-head">
        <h1>Sessions</h1>
        <div className="btn-row">
          <PanelLink className="btn btn-primary" href={`${base}/new`}>
            Add a session
          </PanelLink>
          <button type="button" className="btn btn-secondary" disabled={generating} onClick={() => void generate()}>
            {generating ? 'Generating…' : 'Generate now'}
          </button>
        </div>
      </div>
      <p className="screen-intro">
        Every active class has its sessions made 8 weeks ahead; add one-offs, change the instructor or places, or cancel.
      </p>
      <ListMessages list={list} />
      <nav className="week-nav" aria-label="Week">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => go(addDays(query.monday, -7))}>
          ← Previous week
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => go(thisMonday(zone))}
          disabled={query.monday === thisMonday(zone)}
        >
          Today
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => go(addDays(query.monday, 7))}>
          Next week →
        </button>
        <h2 className="week-title" aria-live="polite">
          {formatShortDate(dayStart(days[0]!, zone), zone)} – {formatShortDate(dayStart(days[6]!, zone), zone)}
        </h2>
      </nav>
      <div className="week-grid" aria-busy={list.loading}>
        {days.map((day) => {
          const sessions = list.items.filter((s) => dayOf(s) === day);
          return (
            <section
              key={day}
              className="week-day"
              aria-labelledby={`day-${day}`}
              aria-current={day === today ? 'date' : undefined}
              data-day={day}
            >
              <h3 id={`day-${day}`}>{formatDate(dayStart(day, zone), zone)}</h3>
              {list.ready && !sessions.length && <p className="week-empty">No sessions</p>}
              <ol className="session-list">
                {sessions.map((s) => (
                  <li
                    key={s._id}
                    className={`session-card${s.status === 'cancelled' ? ' session-cancelled' : ''}`}
                    data-id={s._id}
                    data-status={s.status}
                  >
                    <SessionTimes session={s} />
                    <strong className="session-title">{s.title}</strong>
                    {s.kind === 'one_off' && <span className="session-note">One-off</span>}
                    {s.instructorName && <span className="session-note">{s.instructorName}</span>}
                    {s.status === 'cancelled' ? (
                      <span className="session-badge">Cancelled{s.cancelReason ? `: ${s.cancelReason}` : ''}</span>
                    ) : (
                      <span className="session-note">
                        {bookedText(s)}
                        {s.waitlistCount > 0 && `, ${s.waitlistCount} waiting`}
                      </span>
                    )}
                    {s.status === 'scheduled' && (
                      <span className="btn-row">
                        <PanelLink className="btn btn-secondary btn-sm" href={`${base}/${encodeURIComponent(s._id)}`}>
                          Edit<span className="visually-hidden"> {s.title}</span>
                        </PanelLink>
                        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setCancelling(s)}>
                          Cancel<span className="visually-hidden"> {s.title}</span>
                        </button>
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          );
        })}
      </div>
      {cancelling && (
        <CancelSessionDialog
          session={cancelling}
          onClose={() => setCancelling(null)}
          onDone={(message) => {
            setCancelling(null);
            list.done(message);
          }}
        />
      )}
    </ListScreen>
  );
}
