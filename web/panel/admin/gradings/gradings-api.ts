import type { RequirementCheck } from '#core/progression/eligibility.ts';
import type { SheetVerdict } from '#core/gradings/results.ts';
import type { GradingState } from '#core/gradings/grading-states.ts';
import { api } from '#web/lib/api.ts';
import type { Option } from '#web/components/form-kit.tsx';

/** The shapes of API-25 (gradings, scoring and ladders slices), as these screens read them. */
export type RankRef = { _id: string; name: string; colorHex: string };
export type Examiner = { userId: string; name: string; role: 'head' | 'panel'; confirmedAt: string | null };
export type Grading = {
  _id: string;
  programId: string;
  programName: string;
  eventId: string | null;
  title: string;
  heldOn: string;
  location: string | null;
  status: GradingState;
  targetRankIds: string[];
  targetRanks: (RankRef & { testFee: string })[];
  minAge: number | null;
  maxAge: number | null;
  registrationClosesAt: string | null;
  resultRule: 'majority' | 'all';
  notes: string | null;
  cancelReason: string | null;
  lockedAt: string | null;
  approvedAt: string | null;
  finalizedAt: string | null;
  examiners: Examiner[];
  candidateCount: number;
  moves: string[];
};
export type Candidate = {
  _id: string;
  userId: string;
  name: string;
  studentId: string | null;
  fromRank: RankRef | null;
  targetRank: RankRef;
  status: string;
  overrideReason: string | null;
  fee: string;
  feeCents: number;
  paymentStatus: string;
  paidAt: string | null;
  waiveReason: string | null;
};
export type Prospect = {
  userId: string;
  name: string;
  studentId: string | null;
  currentRank: RankRef | null;
  nextRank: RankRef | null;
  checks: RequirementCheck[];
  unmet: RequirementCheck[];
};
export type CandidatesView = { candidates: Candidate[]; eligible: Prospect[]; ineligible: Prospect[] };
export type CandidateResult = {
  candidateId: string;
  name: string;
  targetRank: RankRef;
  /** Old enough on the grading's day, a pass hands them to this rank of another program (the rank's age move). */
  movesTo?: { rankName: string; programName: string; atAge: number } | null;
  outcome: 'passed' | 'failed' | 'pending';
  verdicts: SheetVerdict[];
  sheets: { examinerName: string; role: string; scores: Record<string, number>; comment: string | null; lockedAt: string | null }[];
};
export type Program = { _id: string; slug: string; name: string; isActive: boolean };
export type Rank = RankRef & { position: number; testFee: string; stripeMax: number; techniques: { _id: string; title: string }[] };

export type GradingBody = {
  programId?: string;
  eventId?: string | null;
  title?: string;
  heldOn?: string;
  location?: string | null;
  targetRankIds?: string[];
  minAge?: number | null;
  maxAge?: number | null;
  registrationClosesAt?: string | null;
  resultRule?: 'majority' | 'all';
  notes?: string | null;
};

export type GradingsQuery = { page: number; status: string; program: string };

const path = (id: string, tail = '') => `/gradings/${encodeURIComponent(id)}${tail}`;

export async function readGradings(q: GradingsQuery, signal: AbortSignal) {
  const body = await api<Grading[]>('/gradings', {
    query: { page: q.page, limit: 20, status: q.status, program: q.program },
    signal,
    fallback: 'Failed to fetch gradings',
  });
  return { items: body.data ?? [], ...(body.pagination ? { pagination: body.pagination } : {}) };
}

export async function readGrading(id: string, signal?: AbortSignal): Promise<Grading | null> {
  return (await api<Grading>(path(id), { signal, fallback: 'Failed to fetch the grading' })).data ?? null;
}

export const createGrading = (body: GradingBody) => api<Grading>('/gradings', { method: 'POST', body });
export const updateGrading = (id: string, body: GradingBody) => api<Grading>(path(id), { method: 'PATCH', body });
/** A state move (open, lock, reopen, start-scoring, approve, reopen-scoring, finalize, cancel). */
export const moveGrading = (id: string, move: string, body?: { reason: string }) =>
  api<Grading>(path(id, `/${move}`), { method: 'POST', body: body ?? {} });
export const saveExaminers = (id: string, examiners: { userId: string; role: string }[]) =>
  api<Grading>(path(id, '/examiners'), { method: 'PUT', body: { examiners } });

export const confirmExaminer = (id: string) => api<Grading>(path(id, '/examiners/me/confirm'), { method: 'POST', body: {} });

export async function readCandidates(id: string, signal?: AbortSignal): Promise<CandidatesView> {
  const body = await api<CandidatesView>(path(id, '/candidates'), { signal, fallback: 'Failed to fetch the candidates' });
  return body.data ?? { candidates: [], eligible: [], ineligible: [] };
}
export const inviteCandidate = (id: string, body: { userId: string; targetRankId?: string; overrideReason?: string }) =>
  api<Candidate>(path(id, '/candidates'), { method: 'POST', body });
export const removeCandidate = (id: string, cid: string) => api(path(id, `/candidates/${encodeURIComponent(cid)}`), { method: 'DELETE' });
export const waiveFee = (id: string, cid: string, reason: string) =>
  api<Candidate>(path(id, `/candidates/${encodeURIComponent(cid)}/waive`), { method: 'POST', body: { reason } });
export const markAttendance = (id: string, cid: string, present: boolean) =>
  api<Candidate>(path(id, `/candidates/${encodeURIComponent(cid)}/attendance`), { method: 'POST', body: { present } });

export async function readResults(id: string, signal?: AbortSignal): Promise<CandidateResult[]> {
  return (await api<CandidateResult[]>(path(id, '/results'), { signal, fallback: 'Failed to fetch the results' })).data ?? [];
}

export async function readPrograms(signal?: AbortSignal): Promise<Program[]> {
  return (await api<Program[]>('/programs', { signal, fallback: 'Failed to fetch programs' })).data ?? [];
}
export async function readRanks(slug: string, signal?: AbortSignal): Promise<Rank[]> {
  return (await api<Rank[]>(`/programs/${encodeURIComponent(slug)}/ranks`, { signal, fallback: 'Failed to fetch ranks' })).data ?? [];
}

/** The school's grading events (category grading), as select options. */
export async function readGradingEvents(signal?: AbortSignal): Promise<Option[]> {
  const body = await api<{ _id: string; title: string }[]>('/events', { query: { category: 'grading', limit: 100 }, signal });
  return (body.data ?? []).map((e) => ({ value: e._id, label: e.title }));
}
