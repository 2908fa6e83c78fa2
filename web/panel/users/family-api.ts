import { pagination } from '#core/paging.ts';
import { api, ApiError } from '#web/lib/api.ts';
import type { AdminUser } from '#web/panel/admin-user.ts';
import type { ListPage } from '#web/panel/resource/use-list.ts';

// The family API's staff shapes as API-26.md fixes them (worker/features/family).
export type FamilyRow = {
  _id: string;
  guardians: { _id: string; name: string; email: string | null }[];
  children: { _id: string; name: string; studentId: string | null; age: number | null }[];
};
export type FamilyPerson = {
  _id: string;
  name: string;
  studentId: string | null;
  email: string | null;
  age: number | null;
  relationship: string;
};

const id = (v: string) => encodeURIComponent(v);
export const PAGE_SIZE = 20;
export type FamiliesQuery = { page: number; search: string };

export async function readFamilies(q: FamiliesQuery, signal: AbortSignal): Promise<ListPage<FamilyRow>> {
  const body = await api<Omit<FamilyRow, '_id'>[]>('/admin/families', {
    query: { ...q, limit: PAGE_SIZE },
    signal,
    fallback: 'Failed to fetch families',
  });
  // A family is its guardians: their ids key the row.
  const items = (body.data ?? []).map((f) => ({ ...f, _id: f.guardians.map((g) => g._id).join('-') }));
  return { items, pagination: body.pagination ?? pagination(q.page, PAGE_SIZE, items.length) };
}

export async function readUserFamily(userId: string, signal: AbortSignal) {
  const body = await api<{ children: FamilyPerson[]; guardians: FamilyPerson[] }>(`/users/${id(userId)}/family`, {
    signal,
    fallback: 'Failed to fetch family',
  });
  return body.data ?? { children: [], guardians: [] };
}

export async function linkChild(guardianId: string, childId: string, relationship: string) {
  const body = await api(`/users/${id(guardianId)}/family/links`, {
    method: 'POST',
    body: relationship ? { childId, relationship } : { childId },
    fallback: 'Failed to link child',
  });
  return body.message || 'Child linked.';
}

export async function unlinkChild(guardianId: string, childId: string) {
  const body = await api(`/users/${id(guardianId)}/family/links/${id(childId)}`, { method: 'DELETE', fallback: 'Failed to unlink child' });
  return body.message || 'Child unlinked.';
}

/** The one account an e-mail or a login ID (STU-…, MEM-…) names, else a refusal the form shows next to the field. */
export async function findAccount(term: string): Promise<AdminUser> {
  const body = await api<AdminUser[]>('/users/search', { query: { term, limit: 10 }, fallback: 'Failed to search users' });
  const wanted = term.trim().toLowerCase();
  const exact = (body.data ?? []).filter((u) =>
    [u.email, u.studentId, u.membershipId].some((v) => typeof v === 'string' && v.toLowerCase() === wanted),
  );
  if (exact.length !== 1) throw new ApiError('No account has this e-mail or ID', 404);
  return exact[0]!;
}
