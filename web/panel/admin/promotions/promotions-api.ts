import type { AdminUser } from '#web/panel/admin-user.ts';
import { api } from '#web/lib/api.ts';
import type { ImportRow } from './rank-import-csv.ts';
import type { RankAwardView } from '#core/progression/views.ts';

export type Credit = { _id: string; count: number; reason: string | null; createdAt: string; voidedAt?: string | null };
export type MembersQuery = { page: number; search: string };
export type PromoteBody = { program: string; rankId: string; stripes?: number; awardedOn?: string; note: string };
export type VoidBody = { reason: string; replacement?: { rankId: string; stripes?: number; awardedOn?: string; note: string } };

const student = (id: string, tail: string) => `/students/${encodeURIComponent(id)}${tail}`;

/** Students and members by name, e-mail or ID (the people who hold ranks). */
export async function readMembers(q: MembersQuery, signal: AbortSignal) {
  if (!q.search) return { items: [] as AdminUser[] };
  const body = await api<AdminUser[]>('/users', {
    query: { page: q.page, limit: 20, search: q.search },
    signal,
    fallback: 'Failed to fetch users',
  });
  return { items: body.data ?? [], ...(body.pagination ? { pagination: body.pagination } : {}) };
}

export async function readMember(id: string, signal?: AbortSignal): Promise<AdminUser | null> {
  return (await api<AdminUser>(`/users/${encodeURIComponent(id)}`, { signal, fallback: 'Failed to fetch the user' })).data ?? null;
}

export async function readLedger(id: string, program: string, signal?: AbortSignal): Promise<RankAwardView[]> {
  const body = await api<RankAwardView[]>(student(id, '/ranks'), {
    query: { program, includeVoided: true },
    signal,
    fallback: 'Failed to fetch the rank history',
  });
  return body.data ?? [];
}
export async function readCredits(id: string, program: string, signal?: AbortSignal): Promise<Credit[]> {
  const body = await api<Credit[]>(student(id, '/attendance-credits'), {
    query: { program },
    signal,
    fallback: 'Failed to fetch the credits',
  });
  return body.data ?? [];
}

export const promote = (id: string, body: PromoteBody) => api<RankAwardView>(student(id, '/ranks'), { method: 'POST', body });
export const addStripe = (id: string, body: { program: string; note: string }) =>
  api<RankAwardView>(student(id, '/stripes'), { method: 'POST', body });
export const voidAward = (awardId: string, body: VoidBody) =>
  api<RankAwardView>(`/student-ranks/${encodeURIComponent(awardId)}/void`, { method: 'POST', body });
export const grantCredits = (id: string, body: { program: string; count: number; reason: string }) =>
  api<Credit>(student(id, '/attendance-credits'), { method: 'POST', body });
export const importRanks = (rows: ImportRow[]) =>
  api<{ imported: number; credits: number }>('/ranks/import', { method: 'POST', body: { rows } });
