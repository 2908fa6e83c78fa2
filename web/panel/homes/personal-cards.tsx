import { readMyMeetings } from '#web/panel/meetings/meetings-api.ts';
import { PanelLink } from '#web/panel/router.tsx';
import { readUnread } from './home-api.ts';
import { SchoolTime } from '#web/components/school-zone.tsx';
import { Card, Empty, Figure, plural, useRead } from './home-parts.tsx';

/** The next meetings meant for the caller (the meetings screen's own read, so it works offline alike). */
export function MeetingsCard({ base }: { base: string }) {
  const { data, error } = useRead((signal) => readMyMeetings(signal));
  const next = data?.upcoming.slice(0, 3) ?? [];
  return (
    <Card id="meetings" title="Meetings" more={{ href: `${base}/meetings`, label: 'All meetings' }}>
      {error ? (
        <p className="home-empty">{error}</p>
      ) : !data ? (
        <p className="muted">Loading meetings…</p>
      ) : next.length ? (
        <ul className="home-list">
          {next.map((m) => (
            <li key={m._id}>
              <PanelLink href={`${base}/meetings`}>{m.topic}</PanelLink>
              <span className="muted">
                <SchoolTime iso={m.startTime} show="shortDate" />, <SchoolTime iso={m.startTime} show="time" />
                {m.timeState === 'live' ? ' · live now' : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty>No meetings planned for you. When the school schedules one, it appears here with its link.</Empty>
      )}
    </Card>
  );
}

/** Unread messages from the school, and the way to the conversation. */
export function MessagesCard({ base, school }: { base: string; school?: boolean }) {
  const { data, error } = useRead(readUnread);
  return (
    <Card id="messages" title="Messages" more={{ href: `${base}/messages`, label: school ? 'Open the inbox' : 'Open messages' }}>
      {error ? (
        <p className="home-empty">{error}</p>
      ) : data === null ? (
        <p className="muted">Counting messages…</p>
      ) : data > 0 ? (
        <p className="home-big">
          <PanelLink href={`${base}/messages`}>{plural(data, 'unread message')}</PanelLink>
        </p>
      ) : (
        <Empty>{school ? 'Every message has been read.' : 'No unread messages. Write to the school from Messages any time.'}</Empty>
      )}
    </Card>
  );
}

/** The school's unread inbox as a figure of the admin home. */
export function MessagesFigure({ base }: { base: string }) {
  const { data } = useRead(readUnread);
  return <Figure value={data ?? '…'} label="unread messages" href={`${base}/messages`} urgent={!!data} />;
}
