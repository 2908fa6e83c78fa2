import { useEffect, useRef, useState } from 'react';
import { JOIN_WINDOW_MINUTES } from '#core/meetings/meeting-time.ts';
import { FormAlert } from '#web/components/form-kit.tsx';
import { Loading } from '#web/components/loading.tsx';
import { errorMessage } from '#web/lib/api.ts';
import type { PanelScreenProps } from '#web/panel/screen-props.ts';
import { OfflineNotice } from '#web/panel/resource/offline-notice.tsx';
import { durationText, joinableAt, labelAt, StartTime, StatusBadge, TimeLabel, useNow } from './meeting-parts.tsx';
import { readMeeting, readMyMeetings, recordJoin, type MeetingLists, type MeetingView } from './meetings-api.ts';

/** The link opens in a new tab without giving it this page (no opener, no referrer). */
function openLink(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

function JoinControl({ meeting, now }: { meeting: MeetingView; now: number }) {
  const [failed, setFailed] = useState('');
  const hintId = `meeting-${meeting._id}-join-hint`;
  if (!joinableAt(meeting, now)) {
    const state = labelAt(meeting, now).state;
    if (state !== 'upcoming') return null;
    return (
      <div className="meeting-join">
        <button type="button" className="btn btn-secondary" disabled aria-describedby={hintId}>
          Join<span className="visually-hidden"> {meeting.title}</span>
        </button>
        <p id={hintId} className="field-hint">
          Opens for joining {JOIN_WINDOW_MINUTES} minutes before the start.
        </p>
      </div>
    );
  }
  const label = (
    <>
      Join meeting<span className="visually-hidden"> {meeting.title}</span>
    </>
  );
  return (
    <div className="meeting-join">
      {meeting.joinUrl ? (
        <a
          className="btn btn-primary"
          href={meeting.joinUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={hintId}
          onClick={() => void recordJoin(meeting._id)}
        >
          {label}
        </a>
      ) : (
        // The link was not known when the list loaded (not joinable yet): joining answers it.
        <button
          type="button"
          className="btn btn-primary"
          aria-describedby={hintId}
          onClick={async () => {
            const joined = await recordJoin(meeting._id);
            if (joined?.joinUrl) openLink(joined.joinUrl);
            else setFailed('The meeting link could not be loaded. Please reload the page and try again.');
          }}
        >
          {label}
        </button>
      )}
      <p id={hintId} className="field-hint">
        Opens in a new tab.
        {meeting.password && (
          <>
            {' '}
            Passcode: <code className="meeting-passcode">{meeting.password}</code>
          </>
        )}
      </p>
      <FormAlert message={failed} />
    </div>
  );
}

function MeetingCard({ meeting: m, now }: { meeting: MeetingView; now: number }) {
  const headingId = `meeting-${m._id}-title`;
  return (
    <li className="card meeting-card" data-id={m._id} data-status={m.status}>
      <div className="meeting-card-head">
        <h3 id={headingId}>{m.title}</h3>
        <StatusBadge status={m.status} />
      </div>
      <TimeLabel meeting={m} now={now} />
      <dl className="meeting-facts">
        <dt>Starts</dt>
        <dd>
          <StartTime meeting={m} />
        </dd>
        <dt>Duration</dt>
        <dd>{durationText(m.durationMinutes)}</dd>
        <dt>Host</dt>
        <dd>{m.hostName ?? 'The school'}</dd>
        {m.status === 'cancelled' && m.statusReason && (
          <>
            <dt>Reason</dt>
            <dd>{m.statusReason}</dd>
          </>
        )}
      </dl>
      {m.description && <p className="meeting-description">{m.description}</p>}
      <JoinControl meeting={m} now={now} />
    </li>
  );
}

/** "Meetings" of the student, member and instructor panels: the ones meant for them, with Join while it is open. */
export default function MyMeetingsScreen(_props: PanelScreenProps) {
  const [lists, setLists] = useState<MeetingLists | null>(null);
  const [alert, setAlert] = useState('');
  const now = useNow();
  const asked = useRef(new Set<string>());

  useEffect(() => {
    const ctl = new AbortController();
    readMyMeetings(ctl.signal).then(setLists, (err) => {
      if (ctl.signal.aborted) return;
      setAlert(errorMessage(err));
      setLists({ meetings: [], upcoming: [], past: [], pagination: undefined });
    });
    return () => ctl.abort();
  }, []);

  // A meeting that opened for joining since the list loaded came without its link: ask for it once.
  useEffect(() => {
    if (!lists || lists.offline) return;
    for (const m of lists.upcoming) {
      if (m.joinUrl || asked.current.has(m._id) || !joinableAt(m, now)) continue;
      asked.current.add(m._id);
      readMeeting(m._id).then(
        (fresh) => fresh && setLists((l) => (l ? { ...l, upcoming: l.upcoming.map((x) => (x._id === fresh._id ? fresh : x)) } : l)),
        () => {},
      );
    }
  }, [lists, now]);

  if (!lists) return <Loading label="Loading your meetings…" />;
  const over = (m: MeetingView) => labelAt(m, now).state === 'ended';
  const upcoming = lists.upcoming.filter((m) => !over(m));
  const past = [...lists.upcoming.filter(over).reverse(), ...lists.past];
  return (
    <section className="panel-screen my-meetings" data-ready="" aria-labelledby="my-meetings-title">
      <h1 id="my-meetings-title">Meetings</h1>
      {lists.offline && <OfflineNotice info={lists.offline} />}
      <FormAlert message={alert} />
      <p className="muted">Online classes and meetings of the school. Times are shown in each meeting's own time zone.</p>
      <h2>Upcoming</h2>
      {upcoming.length === 0 ? (
        <p className="empty-state" role="status">
          No upcoming meetings. When the school schedules one for you, it appears here.
        </p>
      ) : (
        <ul className="meeting-list" aria-label="Upcoming meetings">
          {upcoming.map((m) => (
            <MeetingCard key={m._id} meeting={m} now={now} />
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <details className="meeting-past">
          <summary>
            <h2>Past meetings ({past.length})</h2>
          </summary>
          <ul className="meeting-list" aria-label="Past meetings">
            {past.map((m) => (
              <MeetingCard key={m._id} meeting={m} now={now} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
