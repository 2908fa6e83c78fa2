import type { AttendanceWindow, ProgramAudience, RankKind } from '#core/progression/ladder.ts';
import type { RequirementMode, RequirementType } from '#core/progression/requirements.ts';
import { api } from '#web/lib/api.ts';

/** The programs API's shapes (API-25 "Slice ladders"), as the ladder editor reads them. */
export type ProgramView = {
  _id: string;
  slug: string;
  name: string;
  description: string;
  audience: ProgramAudience;
  attendanceWindow: AttendanceWindow;
  isActive: boolean;
  position: number;
  rankCount: number;
};
export type RequirementView = { _id?: string; type: RequirementType; mode: RequirementMode; value: number | null };
export type TechniqueView = {
  _id?: string;
  title: string;
  category: string;
  syllabusItemId: string | null;
  maxScore: number;
  passScore: number;
  weight: number;
  mandatory: boolean;
};
export type RankView = {
  _id: string;
  programId: string;
  position: number;
  name: string;
  kind: RankKind;
  colorHex: string;
  stripeMax: number;
  testFee: string;
  testFeeCents: number;
  gradeKey: string | null;
  ageUpgradeRankId: string | null;
  ageUpgradeAtYears: number | null;
  examinerMinRankId: string | null;
  requirements: RequirementView[];
  techniques: TechniqueView[];
};
export type ProgramWithLadder = ProgramView & { ranks: RankView[] };
export type SyllabusChoice = { _id: string; title: string; category: string; grade: string };

const FAILED = 'Failed to load the programs';
const at = (slug: string) => `/programs/${encodeURIComponent(slug)}`;

export const readPrograms = (signal?: AbortSignal) =>
  api<ProgramView[]>('/programs', { signal, fallback: FAILED }).then((a) => a.data ?? []);
export const readProgram = (slug: string, signal?: AbortSignal) =>
  api<ProgramWithLadder>(at(slug), { signal, fallback: FAILED }).then((a) => a.data ?? null);
/** Every program but this one, each with its ladder: where a rank's age upgrade can lead. */
export const readOtherLadders = async (slug: string, signal?: AbortSignal) => {
  const others = (await readPrograms(signal)).filter((p) => p.slug !== slug);
  const ladders = await Promise.all(others.map((p) => readProgram(p.slug, signal)));
  return ladders.filter((p): p is ProgramWithLadder => p !== null);
};
export const createProgram = (body: Record<string, unknown>) => api<ProgramView>('/programs', { method: 'POST', body });
export const createRank = (slug: string, body: Record<string, unknown>) => api<RankView>(`${at(slug)}/ranks`, { method: 'POST', body });
export const updateRank = (slug: string, rankId: string, body: Record<string, unknown>) =>
  api<RankView>(`${at(slug)}/ranks/${encodeURIComponent(rankId)}`, { method: 'PATCH', body });
export const deleteRank = (slug: string, rankId: string) => api(`${at(slug)}/ranks/${encodeURIComponent(rankId)}`, { method: 'DELETE' });
export const reorderRanks = (slug: string, rankIds: string[]) =>
  api<RankView[]>(`${at(slug)}/ranks/reorder`, { method: 'POST', body: { rankIds } }).then((a) => a.data ?? []);

/** The syllabus items of a grade, to draw a rank's techniques from. */
export const readSyllabusOf = (grade: string, signal?: AbortSignal) =>
  api<SyllabusChoice[]>('/syllabus', { query: { grade, limit: 100 }, signal, fallback: 'Failed to load the syllabus' }).then(
    (a) => a.data ?? [],
  );
export const updateProgram = (slug: string, body: Record<string, unknown>) => api<ProgramView>(at(slug), { method: 'PATCH', body });
export const deleteProgram = (slug: string) => api(at(slug), { method: 'DELETE' });
