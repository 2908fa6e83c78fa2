import { api } from '#web/lib/api.ts';

export type SyllabusMaterial = { _id: string; filename: string; mimeType: string; size: number; kind: string; url: string | null };
export type SyllabusLink = { title: string; url: string; type: string };
export type SyllabusItem = {
  _id: string;
  title: string;
  description: string | null;
  grade: string;
  category: string;
  materials: SyllabusMaterial[];
  externalLinks: SyllabusLink[];
};
export type GradeSyllabus = { items: SyllabusItem[]; grade: string | null; message: string };

/** GET /api/syllabus/student/my-syllabus: the caller's own grade, or (instructors and up) the grade asked for. */
export async function readSyllabus(grade: string | undefined, signal?: AbortSignal): Promise<GradeSyllabus> {
  const body = await api<SyllabusItem[]>('/syllabus/student/my-syllabus', {
    query: { grade },
    signal,
    fallback: 'Failed to fetch the syllabus',
  });
  return {
    items: body.data ?? [],
    grade: typeof body.grade === 'string' ? body.grade : null,
    message: typeof body.message === 'string' ? body.message : '',
  };
}

/** The syllabus screen opened on one item (`/student/syllabus/item/<id>`): where "My belt" links a technique. */
export const syllabusItemPath = (panelBase: string, itemId: string) => `${panelBase}/syllabus/item/${encodeURIComponent(itemId)}`;

/** GET /api/syllabus/:id: one item the caller may read. */
export async function readSyllabusItem(id: string, signal?: AbortSignal): Promise<SyllabusItem | null> {
  const body = await api<SyllabusItem>(`/syllabus/${encodeURIComponent(id)}`, { signal, fallback: 'Failed to fetch the syllabus item' });
  return body.data ?? null;
}
