import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, uniq, type TestUser } from '#test/helpers.ts';
import { formOf } from '#test/file-helpers.ts';

type Upload = { _id: string; isPublished: boolean; uploadedBy: string; category: string };
const ids = (list: Upload[]) => list.map((u) => u._id);

let adminA: TestUser;
let adminB: TestUser;
let word: string;
let published: Upload;
let draft: Upload;
let other: Upload;

const create = async (a: TestUser, fields: Record<string, string | string[]>) => {
  const res = await api('/api/file-uploads', { method: 'POST', token: a.token, raw: formOf(fields) });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data as Upload;
};

beforeAll(async () => {
  adminA = await createUser({ role: 'admin' });
  adminB = await createUser({ role: 'grandmaster' });
  word = `w${uniq()}`;
  published = await create(adminA, { title: `Grading list ${word}`, category: 'Gradings', tags: 'spring' });
  draft = await create(adminA, { title: 'Draft sheet', description: `contains ${word}`, isPublished: 'false' });
  other = await create(adminB, { title: 'Other sheet', tags: [`tag-${word}`, 'misc'], category: 'gradings' });
});

describe('GET /api/file-uploads (public)', () => {
  it('lists published uploads to visitors, newest first, with pagination', async () => {
    const res = await api(`/api/file-uploads?search=${word}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, pagination: { page: 1, limit: 20, total: 2, totalPages: 1, hasMore: false } });
    expect(ids(res.body.data)).toEqual([other._id, published._id]);
    const student = await createUser({ role: 'student' });
    expect(ids((await api(`/api/file-uploads?search=${word}`, { token: student.token })).body.data)).not.toContain(draft._id);
  });

  it('shows admins unpublished uploads too, filterable by isPublished', async () => {
    const all = await api(`/api/file-uploads?search=${word}`, { token: adminB.token });
    expect(ids(all.body.data)).toEqual([other._id, draft._id, published._id]);
    const drafts = await api(`/api/file-uploads?search=${word}&isPublished=false`, { token: adminB.token });
    expect(ids(drafts.body.data)).toEqual([draft._id]);
  });

  it('filters by uploader (userId), category and search over title, description and tags; pages', async () => {
    expect(ids((await api(`/api/file-uploads?userId=${adminB.id}`)).body.data)).toEqual([other._id]);
    const graded = await api(`/api/file-uploads?category=GRADINGS&search=${word}`);
    expect(ids(graded.body.data)).toEqual([other._id, published._id]);
    expect(ids((await api(`/api/file-uploads?search=tag-${word}`)).body.data)).toEqual([other._id]);
    const page2 = await api(`/api/file-uploads?search=${word}&limit=1&page=2`);
    expect(ids(page2.body.data)).toEqual([published._id]);
    expect(page2.body.pagination).toMatchObject({ page: 2, limit: 1, total: 2, totalPages: 2, hasMore: false });
    expect((await api('/api/file-uploads?search=%25_%25')).status).toBe(200);
    expect((await api('/api/file-uploads?page=x&limit=99999&userId=')).body.pagination.limit).toBe(100);
  });
});

describe('GET /api/file-uploads/:id', () => {
  it('shows a published upload to anyone and hides a draft from everybody but admins', async () => {
    const res = await api(`/api/file-uploads/${published._id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: published._id, tags: ['spring'], category: 'gradings', excelFile: null, images: [] });
    const student = await createUser({ role: 'student' });
    for (const token of [undefined, student.token, 'bad-token']) {
      const hidden = await api(`/api/file-uploads/${draft._id}`, token ? { token } : {});
      expect(hidden.status).toBe(404);
      expect(hidden.body).toMatchObject({ success: false, message: 'File upload not found' });
    }
    expect((await api(`/api/file-uploads/${draft._id}`, { token: adminA.token })).status).toBe(200);
    expect((await api('/api/file-uploads/none')).status).toBe(404);
  });
});
