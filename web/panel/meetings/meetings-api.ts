import type { MeetingStatus } from '#core/meetings/meeting-status.ts';
import { api, type Pagination } from '#web/lib/api.ts';
import type { OfflineInfo } from '#web/lib/content-api.ts';
import { STORAGE_KEYS } from '#web/lib/storage-keys.ts';
import { readWithStoredCopy } from '#web/lib/stored-copy.ts';

/** A meeting as /api/zoom-meetings serialises it (worker/features/meetings/meetings.serialize.ts). */
export type MeetingView = {
  _id: string;
  topic: string;
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  duration: number;
  durationMinutes: number;
  timezone: string;
  /** Null for non-admins until the meeting is joinable. */
  joinUrl: string | null;
  password: string | null;
  hostId: string | null;
  /** The host by name (null for a deleted host); the school otherwise. */
  hostName?: string | null;
  status: MeetingStatus;
  statusReason: string | null;
  targetRoles: string[];
  targetUsers: string[];
  notificationSent: boolean;
  notificationCount: number;
  zoomMeetingId: string | null;
  createdAt: string;
  updatedAt: string;
  isJoinable: boolean;
  timeLabel: string;
  isUrgent: boolean;
  timeState: 'upcoming' | 'live' | 'ended' | 'cancelled';
};

type Lists = { meetings: MeetingView[]; upcoming: MeetingView[]; past: MeetingView[] };
export type MeetingLists = Lists & { pagination: Pagination | undefined; offline?: OfflineInfo };
export type JoinAnswer = { meetingId: string; joinUrl: string | null; password: string | null; joinCount: number };

export const PAGE_SIZE = 20;
const path = (id: string, tail = '') => `/zoom-meetings/${encodeURIComponent(id)}${tail}`;
const lists = (data: Partial<Lists> | undefined): Lists => ({
  meetings: data?.meetings ?? [],
  upcoming: data?.upcoming ?? [],
  past: data?.past ?? [],
});

/** The caller's meetings, kept under `meetings`: when the API is unreachable the stored copy answers (spec 8). */
export async function readMyMeetings(signal?: AbortSignal): Promise<MeetingLists> {
  const answer = await readWithStoredCopy<Lists>(STORAGE_KEYS.meetings, '/zoom-meetings', {
    query: { limit: 1 },
    signal,
    fallback: 'Failed to fetch meetings',
  });
  return { ...lists(answer.data), pagination: answer.pagination, ...(answer.offline ? { offline: answer.offline } : {}) };
}

/** One page of every meeting (admins), latest start first, and the upcoming and past lists. */
export async function readMeetings(q: { page: number; status: string }, signal: AbortSignal): Promise<MeetingLists> {
  const body = await api<Lists>('/zoom-meetings', {
    query: { page: q.page, limit: PAGE_SIZE, status: q.status },
    signal,
    fallback: 'Failed to fetch meetings',
  });
  return { ...lists(body.data), pagination: body.pagination };
}

/** Whether the school connected Zoom (then a meeting left without a link is made there). */
export const readProvider = (signal?: AbortSignal) =>
  api<{ zoomConnected: boolean }>('/zoom-meetings/provider', { signal, fallback: 'Failed to fetch meetings' }).then((b) =>
    Boolean(b.data?.zoomConnected),
  );

export const readMeeting = (id: string, signal?: AbortSignal) =>
  api<MeetingView>(path(id), { signal, fallback: 'Failed to fetch meeting' }).then((b) => b.data ?? null);

export const createMeeting = (body: Record<string, unknown>) =>
  api<MeetingView>('/zoom-meetings', { method: 'POST', body, fallback: 'Failed to create meeting' });

export const updateMeeting = (id: string, body: Record<string, unknown>) =>
  api<MeetingView>(path(id), { method: 'PATCH', body, fallback: 'Failed to update meeting' });

export const deleteMeeting = (id: string) => api(path(id), { method: 'DELETE', fallback: 'Failed to delete meeting' });

export const changeMeetingStatus = (id: string, status: MeetingStatus, reason: string) =>
  api<MeetingView>(path(id, '/status'), {
    method: 'PATCH',
    body: reason.trim() ? { status, reason: reason.trim() } : { status },
    fallback: 'Failed to update meeting status',
  });

export const shareMeeting = (meetingId: string, customMessage: string) =>
  api<MeetingView>('/zoom-meetings/share', {
    body: customMessage.trim() ? { meetingId, customMessage: customMessage.trim() } : { meetingId },
    fallback: 'Failed to share meeting',
  });

/** Records the join; spec 8: a failure to record is ignored, so this never throws. */
export const recordJoin = (id: string): Promise<JoinAnswer | null> =>
  api<JoinAnswer>(path(id, '/join'), { method: 'POST', fallback: 'Failed to join meeting' }).then(
    (b) => b.data ?? null,
    () => null,
  );

export type UserHit = { _id: string; email: string; role: string; profile?: { firstName?: string; lastName?: string } | null };

export const searchUsers = (search: string, signal: AbortSignal) =>
  api<UserHit[]>('/users', { query: { search, limit: 8 }, signal, fallback: 'Failed to fetch users' }).then((b) => b.data ?? []);

export const readUser = (id: string, signal?: AbortSignal) =>
  api<UserHit>(`/users/${encodeURIComponent(id)}`, { signal, fallback: 'Failed to fetch user' }).then((b) => b.data ?? null);
