import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '#test/helpers.ts';
import { asAdmin, createItem, ids, mySyllabus, student } from './syllabus.test-helpers.ts';

type Item = { _id: string; grade: string; category: string; isActive: boolean };

let admin: TestUser;
let white: Item;
let whiteTheory: Item;
let whiteHidden: Item;
let yellow: Item;
let black: Item;

beforeAll(async () => {
  admin = await asAdmin();
  white = await createItem(admin, { grade: 'white', category: 'kata' });
  whiteTheory = await createItem(admin, { grade: 'white', category: 'theory', files: [] });
  whiteHidden = await createItem(admin, { grade: 'white', isActive: false, files: [] });
  yellow = await createItem(admin, { grade: 'yellow' });
  black = await createItem(admin, { grade: 'black-1', category: 'kumite', files: [] });
}, 60_000);

describe('GET /api/syllabus/student/my-syllabus: a student sees their own grade only', () => {
  it('gives a white-belt student the active white items and nothing of any other grade', async () => {
    const s = await student('White');
    const res = await mySyllabus(s.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, grade: 'white', count: res.body.data.length });
    const got = ids(res.body.data);
    expect(got).toEqual(expect.arrayContaining([white._id, whiteTheory._id]));
    expect(got).not.toContain(whiteHidden._id);
    expect(got).not.toContain(yellow._id);
    expect(got).not.toContain(black._id);
    expect(res.body.data.every((i: Item) => i.grade === 'white' && i.isActive)).toBe(true);
  });

  it.each(['black', 'black-1', 'yellow', 'Yellow Belt', 'rainbow', ''])(
    'answers ?grade=%s with nothing of that grade, not an error',
    async (grade) => {
      const s = await student('white');
      const res = await mySyllabus(s.token, `?grade=${encodeURIComponent(grade)}`);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      if (grade === '') {
        expect(ids(res.body.data)).toContain(white._id);
      } else {
        expect(res.body.data).toEqual([]);
        expect(res.body.message).toBe('Only the syllabus of your own grade is available to you');
      }
    },
  );

  it('answers its own grade asked explicitly, and filters by category', async () => {
    const s = await student('white');
    const own = await mySyllabus(s.token, '?grade=white');
    expect(ids(own.body.data)).toEqual(expect.arrayContaining([white._id, whiteTheory._id]));
    const theory = await mySyllabus(s.token, '?grade=white&category=Theory');
    expect(ids(theory.body.data)).toContain(whiteTheory._id);
    expect(ids(theory.body.data)).not.toContain(white._id);
    expect(theory.body.data.every((i: Item) => i.category === 'theory')).toBe(true);
    const unknown = await mySyllabus(s.token, '?category=breakdance');
    expect(unknown.body.data).toEqual([]);
  });

  it('gives a user without a grade an empty list and a message', async () => {
    for (const u of [await student(), await createUser({ role: 'member' })]) {
      const res = await mySyllabus(u.token, '?grade=white');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: [],
        count: 0,
        grade: null,
        message: 'No grade is set on your profile yet. Your instructor will set it, then your syllabus appears here.',
      });
    }
  });

  it('follows the grade an admin sets through PATCH /api/users/:id', async () => {
    const s = await student('white');
    const patched = await api(`/api/users/${s.id}`, { method: 'PATCH', token: admin.token, body: { profile: { grade: 'yellow' } } });
    expect(patched.status).toBe(200);
    const res = await mySyllabus(s.token);
    expect(res.body.grade).toBe('yellow');
    expect(ids(res.body.data)).toContain(yellow._id);
    expect(ids(res.body.data)).not.toContain(white._id);
  });

  it('lets admin-capable callers see any grade they ask for, inactive items included, and every grade when they ask none', async () => {
    for (const role of ['admin', 'grandmaster', 'super-admin'] as const) {
      const a = await createUser({ role });
      const yellowOnly = await mySyllabus(a.token, '?grade=yellow');
      expect(ids(yellowOnly.body.data)).toContain(yellow._id);
      expect(yellowOnly.body.data.every((i: Item) => i.grade === 'yellow')).toBe(true);
      expect(ids((await mySyllabus(a.token, '?grade=Black')).body.data)).toContain(black._id);
      const all = await mySyllabus(a.token);
      expect(ids(all.body.data)).toEqual(expect.arrayContaining([white._id, whiteHidden._id, yellow._id, black._id]));
    }
  });

  it('needs a token', async () => {
    const res = await api('/api/syllabus/student/my-syllabus');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/syllabus/:id', () => {
  it('shows a student an active item of their grade or the next (their next belt’s techniques), and 404 for any other or a hidden item', async () => {
    const s = await student('white');
    const own = await api(`/api/syllabus/${white._id}`, { token: s.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ _id: white._id, grade: 'white' });
    expect(own.body.syllabus._id).toBe(white._id);
    const next = await api(`/api/syllabus/${yellow._id}`, { token: s.token });
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ _id: yellow._id, grade: 'yellow' });
    for (const other of [black, whiteHidden]) {
      const res = await api(`/api/syllabus/${other._id}`, { token: s.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Syllabus item not found' });
    }
    expect((await api(`/api/syllabus/${white._id}`, { token: (await student('yellow')).token })).status).toBe(404);
    const noGrade = await student();
    expect((await api(`/api/syllabus/${white._id}`, { token: noGrade.token })).status).toBe(200);
    expect((await api(`/api/syllabus/${yellow._id}`, { token: noGrade.token })).status).toBe(404);
  });

  it('shows admins any item and answers 404 for an unknown id', async () => {
    const res = await api(`/api/syllabus/${whiteHidden._id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.isActive).toBe(false);
    expect((await api('/api/syllabus/nope', { token: admin.token })).status).toBe(404);
  });
});

describe('GET /api/syllabus and /admin/all (admin-capable)', () => {
  it('refuses students (403) and visitors (401)', async () => {
    const s = await student('white');
    for (const path of ['/api/syllabus', '/api/syllabus/admin/all']) {
      expect((await api(path, { token: s.token })).status).toBe(403);
      expect((await api(path)).status).toBe(401);
    }
  });

  it('lists everything newest first with filters and pagination', async () => {
    const res = await api('/api/syllabus?grade=white&limit=2', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({
      page: 1,
      limit: 2,
      total: expect.any(Number),
      totalPages: expect.any(Number),
      hasMore: true,
    });
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.every((i: Item) => i.grade === 'white')).toBe(true);
    const hidden = await api('/api/syllabus?grade=white&isActive=false&limit=100', { token: admin.token });
    expect(ids(hidden.body.data)).toContain(whiteHidden._id);
    expect(hidden.body.data.every((i: Item) => !i.isActive)).toBe(true);
    const kumite = await api('/api/syllabus?category=kumite&grade=black&limit=100', { token: admin.token });
    expect(ids(kumite.body.data)).toContain(black._id);
    const junk = await api('/api/syllabus?page=abc&limit=-5&grade[]=x&isActive=perhaps', { token: admin.token });
    expect(junk.status).toBe(200);
  });

  it('searches title and description literally', async () => {
    const item = await createItem(admin, { title: 'Tekki 100%_special', files: [] });
    const res = await api(`/api/syllabus?search=${encodeURIComponent('100%_spec')}`, { token: admin.token });
    expect(ids(res.body.data)).toEqual([item._id]);
  });

  it('lists in grade order and groups the page by grade', async () => {
    const res = await api('/api/syllabus/admin/all?limit=500', { token: admin.token });
    expect(res.status).toBe(200);
    const grades: string[] = res.body.grouped.map((g: { grade: string }) => g.grade);
    expect(grades.indexOf('white')).toBeLessThan(grades.indexOf('yellow'));
    expect(grades.indexOf('yellow')).toBeLessThan(grades.indexOf('black-1'));
    const whiteGroup = res.body.grouped.find((g: { grade: string }) => g.grade === 'white');
    expect(whiteGroup.count).toBe(whiteGroup.items.length);
    expect(ids(whiteGroup.items)).toEqual(expect.arrayContaining([white._id, whiteHidden._id]));
    const filtered = await api('/api/syllabus/admin/all?grade=yellow', { token: admin.token });
    expect(filtered.body.grouped.map((g: { grade: string }) => g.grade)).toEqual(['yellow']);
    expect(filtered.body.pagination.limit).toBe(100);
  });
});
