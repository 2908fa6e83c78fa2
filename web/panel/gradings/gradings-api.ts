import type { RequirementCheck } from '#core/progression/eligibility.ts';
import type { SheetVerdict } from '#core/gradings/results.ts';
import { api, ApiError, type Pagination } from '#web/lib/api.ts';
import type { SheetCandidate, SheetTechnique } from './sheet-draft.ts';

/** The API calls of the instructor's grading screens (issue 25 contract, /work API-25 "staff-screens"). */

export type Belt = { _id: string; name: string; colorHex: string | null };
export type Program = { _id: string; slug: string; name: string; isActive: boolean };
export type ReadyRow = {
  userId: string;
  name: string;
  studentId: string | null;
  currentRank: (Belt & { stripes?: number; stripeMax?: number; awardedOn?: string }) | null;
  nextRank: Belt | null;
  eligible: boolean;
  checks: RequirementCheck[];
  metCount: number;
  gateCount: number;
  closeness: number;
};
export type ReadyStatus = 'ready' | 'close' | 'all';
export type ReadyQuery = { page: number; program: string; status: ReadyStatus; q: string };
export type NextTechnique = { _id: string; title: string; category: string | null; syllabusItemId: string | null; passed: boolean };
export type Examiner = { userId: string; name: string; role: 'head' | 'panel'; confirmedAt: string | null };
/** The grading as the score sheet and the results carry it (the scoring slice's brief). */
export type GradingBrief = {
  _id: string;
  programId: string;
  programName: string;
  title: string;
  heldOn: string;
  location: string | null;
  status: string;
  resultRule: 'majority' | 'all';
  amExaminer: boolean;
  myRole?: 'head' | 'panel' | null;
  targetRanks?: Belt[];
};
export type Grading = GradingBrief & { targetRanks: Belt[]; examiners: Examiner[]; candidateCount: number };
export type Sheet = { grading: GradingBrief; techniquesByRank: Record<string, SheetTechnique[]>; candidates: SheetCandidate[] };
export type ResultSheet = {
  examinerId: string;
  examinerName: string;
  role: string;
  scores: Record<string, number>;
  comment: string | null;
  lockedAt: string | null;
};
export type CandidateResult = {
  candidateId: string;
  name: string;
  /** The candidate's state: absent ones are listed but never scored. */
  status?: string;
  targetRank: Belt;
  outcome: 'passed' | 'failed' | 'pending';
  verdicts: SheetVerdict[];
  sheets: ResultSheet[];
  /** While scoring, the server sends an examiner only their own sheet of a candidate they have not locked. */
  othersHidden?: boolean;
};

const id = encodeURIComponent;

/** A write whose answer carries nothing we read: a 204 (no body) is as good as a 200. */
async function write(path: string, opts: { method?: string; body?: unknown; fallback: string }): Promise<void> {
  try {
    await api(path, { method: opts.method ?? 'POST', body: opts.body ?? {}, fallback: opts.fallback });
  } catch (err) {
    if (err instanceof ApiError && err.status === 204) return;
    throw err;
  }
}

export async function readPrograms(signal: AbortSignal): Promise<Program[]> {
  const body = await api<Program[]>('/programs', { query: { active: true }, signal, fallback: 'Failed to fetch the programs' });
  return Array.isArray(body.data) ? body.data : [];
}

/** One page of who is ready (or close) for their next belt in a program; rows keyed by the student for the list kit. */
export async function readReady(q: ReadyQuery, signal: AbortSignal) {
  if (!q.program) return { items: [] as (ReadyRow & { _id: string })[] };
  const body = await api<ReadyRow[]>(`/programs/${id(q.program)}/ready`, {
    query: { status: q.status, q: q.q, page: q.page, limit: 20 },
    signal,
    fallback: 'Failed to fetch who is ready to grade',
  });
  const rows = Array.isArray(body.data) ? body.data : [];
  const items = rows.map((r) => ({ ...r, _id: r.userId }));
  return body.pagination ? { items, pagination: body.pagination as Pagination } : { items };
}

/** The next rank's techniques of one student, each passed or not (from their eligibility). */
export async function readNextTechniques(userId: string, program: string, signal: AbortSignal): Promise<NextTechnique[]> {
  const body = await api<{ techniques?: NextTechnique[] }>(`/students/${id(userId)}/eligibility`, {
    query: { program },
    signal,
    fallback: 'Failed to fetch the techniques',
  });
  return Array.isArray(body.data?.techniques) ? body.data.techniques : [];
}

export const markTechnique = (userId: string, techniqueId: string, passed: boolean) =>
  write(`/students/${id(userId)}/techniques/${id(techniqueId)}`, {
    method: 'PUT',
    body: { passed },
    fallback: 'Failed to save the technique',
  });

export const setApproval = (userId: string, rankId: string, approved: boolean) =>
  write(`/students/${id(userId)}/grading-approval`, { method: 'PUT', body: { rankId, approved }, fallback: 'Failed to save the approval' });

/**
 * The gradings I examine, newest held first: the list has no examiner filter yet, so the latest 100 are read and
 * narrowed on `amExaminer` here (`examiner=me` is sent for when the server narrows it itself).
 */
export async function readMyGradings(_q: { page: number }, signal: AbortSignal) {
  const body = await api<Grading[]>('/gradings', {
    query: { examiner: 'me', limit: 100 },
    signal,
    fallback: 'Failed to fetch your gradings',
  });
  return { items: (Array.isArray(body.data) ? body.data : []).filter((g) => g.amExaminer) };
}

export const confirmExamining = (gradingId: string) =>
  write(`/gradings/${id(gradingId)}/examiners/me/confirm`, { fallback: 'Failed to confirm' });

export async function readSheet(gradingId: string, signal: AbortSignal): Promise<Sheet> {
  const body = await api<Sheet>(`/gradings/${id(gradingId)}/sheet`, { signal, fallback: 'Failed to fetch your score sheet' });
  if (!body.data?.grading || !Array.isArray(body.data.candidates)) throw new ApiError('Failed to fetch your score sheet');
  return body.data;
}

export const saveScores = (
  gradingId: string,
  body: { candidateId: string; scores: { techniqueId: string; score: number }[]; comment: string | null },
) => write(`/gradings/${id(gradingId)}/scores`, { method: 'PUT', body, fallback: 'Failed to save the scores' });

export const lockSheet = (gradingId: string, candidateId: string) =>
  write(`/gradings/${id(gradingId)}/sheets/${id(candidateId)}/lock`, { fallback: 'Failed to lock the sheet' });

/** Every candidate's result with each examiner's sheet, and the grading they belong to. */
export async function readResults(gradingId: string, signal: AbortSignal): Promise<{ grading: GradingBrief; results: CandidateResult[] }> {
  const body = await api<CandidateResult[]>(`/gradings/${id(gradingId)}/results`, { signal, fallback: 'Failed to fetch the results' });
  const grading = body.grading as GradingBrief | undefined;
  if (!grading?._id) throw new ApiError('Failed to fetch the results');
  return { grading, results: Array.isArray(body.data) ? body.data : [] };
}

/** Each rank's techniques in a program, for naming the scores of the results (every staff member may read the ladders). */
export async function readTechniquesByRank(programId: string, signal: AbortSignal): Promise<Record<string, SheetTechnique[]>> {
  const all = await api<Program[]>('/programs', { signal, fallback: 'Failed to fetch the programs' });
  const slug = (Array.isArray(all.data) ? all.data : []).find((p) => p._id === programId)?.slug;
  if (!slug) return {};
  const body = await api<{ _id: string; techniques?: SheetTechnique[] }[]>(`/programs/${id(slug)}/ranks`, {
    signal,
    fallback: 'Failed to fetch the belts',
  });
  return Object.fromEntries((Array.isArray(body.data) ? body.data : []).map((r) => [r._id, r.techniques ?? []]));
}
