/** Spec 9: a meeting opens for joining this long before it starts. */
export const JOIN_WINDOW_MINUTES = 15;
/** Spec 9's default zone of a meeting: the column's default. A new meeting takes the school's zone (settings) unless it names one. */
export const DEFAULT_MEETING_TIME_ZONE = 'Asia/Kolkata';

const MINUTE = 60_000;

export type MeetingTimes = { startTime: Date | string | number; durationMinutes: number; status: string };

const ms = (d: Date | string | number) => (d instanceof Date ? d.getTime() : new Date(d).getTime());

export const meetingStart = (m: Pick<MeetingTimes, 'startTime'>) => ms(m.startTime);
export const meetingEnd = (m: Pick<MeetingTimes, 'startTime' | 'durationMinutes'>) => ms(m.startTime) + m.durationMinutes * MINUTE;

/** Over when its status says so or its planned end has passed; cancelled meetings are never "ended". */
export const hasEnded = (m: MeetingTimes, now: number) => m.status === 'ended' || (m.status !== 'cancelled' && now >= meetingEnd(m));

/** Spec 4: scheduled or started, from 15 minutes before the start (inclusive) until the planned end (exclusive). */
export function isJoinable(m: MeetingTimes, now: number): boolean {
  if (m.status !== 'scheduled' && m.status !== 'started') return false;
  return now >= meetingStart(m) - JOIN_WINDOW_MINUTES * MINUTE && now < meetingEnd(m);
}

export type TimeLabel = { text: string; urgent: boolean; state: 'upcoming' | 'live' | 'ended' | 'cancelled' };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Spec 4's time-until labels. Counts are whole units rounded down (a countdown), with at least
 * "1 minute" before the start. A meeting under way says so rather than "has ended", and a cancelled
 * one says it was cancelled: neither is covered by the spec's labels.
 */
export function timeLabel(m: MeetingTimes, now: number): TimeLabel {
  if (m.status === 'cancelled') return { text: 'Meeting cancelled', urgent: false, state: 'cancelled' };
  if (hasEnded(m, now)) return { text: 'Meeting has ended', urgent: false, state: 'ended' };
  const untilStart = meetingStart(m) - now;
  if (untilStart <= 0 || m.status === 'started') return { text: 'Meeting in progress', urgent: true, state: 'live' };
  const minutes = Math.max(1, Math.floor(untilStart / MINUTE));
  if (untilStart < 60 * MINUTE) return { text: `Starts in ${plural(minutes, 'minute')}`, urgent: true, state: 'upcoming' };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { text: `Starts in ${hours}h ${minutes % 60}m`, urgent: false, state: 'upcoming' };
  return { text: `Starts in ${plural(Math.floor(hours / 24), 'day')}`, urgent: false, state: 'upcoming' };
}
