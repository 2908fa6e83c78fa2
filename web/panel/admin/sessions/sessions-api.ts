import { profileName } from '#core/users/person-name.ts';
import type { SessionChanges, SessionView } from '#core/sessions/session-schemas.ts';
import { api } from '#web/lib/api.ts';
import type { Option } from '#web/components/form-kit.tsx';

export type { SessionView };

/** What a session form sends (times as ISO instants, read on the school's clock by the form). */
export type SessionBody = {
  classId?: string;
  title?: string;
  startsAt?: string;
  endsAt?: string;
  instructorId?: string | null;
  capacity?: number | null;
  location?: string | null;
};

const path = (id: string, tail = '') => `/sessions/${encodeURIComponent(id)}${tail}`;

/** Every session starting in [from, to) (a week holds far fewer than the API's 500). */
export async function readSessions(from: string, to: string, signal?: AbortSignal): Promise<SessionView[]> {
  const body = await api<SessionView[]>('/sessions', { query: { from, to, limit: 500 }, signal, fallback: 'Failed to fetch sessions' });
  return body.data ?? [];
}

export async function readSession(id: string, signal?: AbortSignal): Promise<SessionView | null> {
  return (await api<SessionView>(path(id), { signal, fallback: 'Failed to fetch the session' })).data ?? null;
}

export const createSession = (body: SessionBody) => api<SessionView>('/sessions', { method: 'POST', body });
export const updateSession = (id: string, body: SessionBody) => api<SessionView>(path(id), { method: 'PATCH', body });
export const cancelSession = (id: string, reason: string) => api<SessionView>(path(id, '/cancel'), { method: 'POST', body: { reason } });
export const generateSessions = () => api<SessionChanges>('/sessions/generate', { method: 'POST' });

type Account = { _id: string; email: string; role: string; profile?: { firstName?: string; lastName?: string } };
const ROLE_WORD: Record<string, string> = { instructor: 'instructor', grandmaster: 'grand master', admin: 'admin' };

/** The accounts that may teach, as select options ("Aiko Tanaka (instructor)"): instructors, grand masters and admins (many owners teach). */
export async function readTeachingAccounts(signal?: AbortSignal): Promise<Option[]> {
  const lists = await Promise.allSettled(
    Object.keys(ROLE_WORD).map((role) =>
      api<Account[]>(`/users/role/${role}`, { query: { limit: 100, isActive: true }, signal, fallback: 'Failed to fetch instructors' }),
    ),
  );
  // A role this caller may not list is left out; nothing at all is a failure (the forms then leave the field out).
  const read = lists.flatMap((l) => (l.status === 'fulfilled' ? [l.value] : []));
  if (!read.length) throw (lists[0] as PromiseRejectedResult).reason;
  return read
    .flatMap((l) => l.data ?? [])
    .map((u) => ({ value: u._id, label: `${profileName(u.profile, u.email)} (${ROLE_WORD[u.role] ?? u.role})` }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
