/** Syllabus fixtures: callers with grades, items made through the API, quick look-ups. */
import { eq } from 'drizzle-orm';
import { syllabusItems } from '#db/schema/index.ts';
import { api, createUser, testDb, uniq, type TestUser } from '#test/helpers.ts';
import { FILES, fetchRaw, file, formOf } from '#test/file-helpers.ts';

export const asAdmin = () => createUser({ role: 'admin' });
export const student = (grade?: string) => createUser({ role: 'student', profile: { firstName: 'Stu', ...(grade ? { grade } : {}) } });

export type ItemOptions = {
  grade?: string;
  category?: string;
  title?: string;
  isActive?: boolean;
  files?: [string, File][];
  fields?: Record<string, string | string[]>;
};

/** POST /api/syllabus as `admin` with a PDF and a PNG by default; answers the created item. */
export async function createItem(admin: TestUser, opts: ItemOptions = {}) {
  const files = opts.files ?? [
    ['materials', file(FILES.pdf(), `kata-notes-${uniq()}.pdf`, 'application/pdf')],
    ['materials', file(FILES.png(), `stance-${uniq()}.png`, 'image/png')],
  ];
  const fields = {
    title: opts.title ?? `Heian Shodan ${uniq()}`,
    description: 'The first kata of the Heian series',
    grade: opts.grade ?? 'white',
    category: opts.category ?? 'kata',
    ...(opts.isActive === false ? { isActive: 'false' } : {}),
    'externalLinks[0][title]': 'Video walkthrough',
    'externalLinks[0][url]': 'https://video.example/heian-shodan',
    'externalLinks[0][type]': 'video',
    ...opts.fields,
  };
  const res = await api('/api/syllabus', { method: 'POST', token: admin.token, raw: formOf(fields, files) });
  if (res.status !== 201) throw new Error(`createItem failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const itemRow = (id: string) => testDb().select().from(syllabusItems).where(eq(syllabusItems.id, id)).get();

export const mySyllabus = (token: string, query = '') => api(`/api/syllabus/student/my-syllabus${query}`, { token });

export const ids = (items: { _id: string }[]) => items.map((i) => i._id);

/** Just the status of a GET, with the body drained. */
export async function statusOf(path: string, token?: string): Promise<number> {
  const res = await fetchRaw(path, token ? { token } : {});
  await res.arrayBuffer();
  return res.status;
}
