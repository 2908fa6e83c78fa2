import { useEffect, useState } from 'react';
import type { MeetingStatus } from '#core/meetings/meeting-status.ts';
import { isJoinable, timeLabel } from '#core/meetings/meeting-time.ts';
import { formatZonedDateTime } from '#web/components/format.ts';
import { ROLE_LABELS } from '#web/lib/session.ts';
import type { MeetingView } from './meetings-api.ts';

/** How often labels and the Join button are worked out again from the clock (no refetch). */
export const TICK_MS = 30_000;

/** The current time, renewed every `TICK_MS`, so labels count down while the page stays open. */
export function useNow(every = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(timer);
  }, [every]);
  return now;
}

const times = (m: MeetingView) => ({ startTime: m.startTime, durationMinutes: m.durationMinutes, status: m.status });
export const joinableAt = (m: MeetingView, now: number) => isJoinable(times(m), now);
export const labelAt = (m: MeetingView, now: number) => timeLabel(times(m), now);

export const STATUS_LABELS: Record<MeetingStatus, string> = {
  scheduled: 'Scheduled',
  started: 'Started',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export function StatusBadge({ status }: { status: MeetingStatus }) {
  return <span className={`badge meeting-${status}`}>{STATUS_LABELS[status]}</span>;
}

/** The spec's time-until label; urgent ones (under an hour, or under way) stand out. */
export function TimeLabel({ meeting, now }: { meeting: MeetingView; now: number }) {
  const label = labelAt(meeting, now);
  return (
    <span
      className={`meeting-when meeting-when-${label.state}${label.urgent ? ' meeting-urgent' : ''}`}
      data-urgent={label.urgent || undefined}
    >
      {label.text}
    </span>
  );
}

const hours = (n: number) => (n % 60 ? `${Math.floor(n / 60)} h ${n % 60} min` : `${n / 60} h`);
export const durationText = (minutes: number) => (minutes < 60 ? `${minutes} min` : hours(minutes));

/** The start in the meeting's own zone, naming the zone ("… 6:30 pm IST (Asia/Kolkata)"). */
export function StartTime({ meeting }: { meeting: MeetingView }) {
  return (
    <time dateTime={meeting.startTime}>
      {formatZonedDateTime(meeting.startTime, meeting.timezone)} <span className="meeting-zone">({meeting.timezone})</span>
    </time>
  );
}

/** "Everyone", or the roles, plus how many people were invited by name. */
export function audienceText(m: Pick<MeetingView, 'targetRoles' | 'targetUsers'>): string {
  const roles = m.targetRoles.includes('all')
    ? 'Everyone'
    : m.targetRoles.map((r) => ROLE_LABELS[r as keyof typeof ROLE_LABELS] ?? r).join(', ');
  const named = m.targetUsers.length;
  const people = `${named} named ${named === 1 ? 'person' : 'people'}`;
  return named ? (roles ? `${roles} + ${people}` : people) : roles;
}
