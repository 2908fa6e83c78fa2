import { describe, expect, it } from 'vitest';
import { api, createUser, uniq } from '#test/helpers.ts';
import { exists, formOf } from '#test/file-helpers.ts';
import { asAdmin, createItem, itemRow } from './syllabus.test-helpers.ts';
import { expectPixelBombRefused } from '#test/content-helpers.ts';
import { multipartForm } from '#test/fixtures/uploads.ts';

const post = (token: string | undefined, body: FormData) =>
  api('/api/syllabus', { method: 'POST', ...(token ? { token } : {}), raw: body });
const base = (extra: Record<string, string> = {}) => ({ title: `Kihon ${uniq()}`, grade: 'yellow', category: 'kihon', ...extra });

describe('syllabus writes: the role matrix', () => {
  it('refuses callers without a token (401) and non-admin roles (403) on every write, admin-capable roles pass', async () => {
    const owner = await asAdmin();
    const item = await createItem(owner, { files: [] });
    const writes: [string, string, () => FormData | undefined, unknown?][] = [
      ['POST', '/api/syllabus', () => formOf(base())],
      ['PUT', `/api/syllabus/${item._id}`, () => formOf({ description: 'changed' })],
      ['DELETE', '/api/syllabus', () => undefined, { syllabusIds: ['nothing-here'] }],
      ['DELETE', `/api/syllabus/${item._id}`, () => undefined],
    ];
    for (const [method, path, form, json] of writes) {
      const anonymous = await api(path, { method, ...(form() ? { raw: form()! } : {}), ...(json ? { body: json } : {}) });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      for (const role of ['student', 'member', 'instructor'] as const) {
        const u = await createUser({ role, profile: { grade: 'white' } });
        const res = await api(path, { method, token: u.token, ...(form() ? { raw: form()! } : {}), ...(json ? { body: json } : {}) });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
    expect(await itemRow(item._id)).toBeDefined();
    for (const role of ['admin', 'grandmaster', 'super-admin'] as const) {
      const u = await createUser({ role });
      const created = await post(u.token, formOf(base()));
      expect(created.status, role).toBe(201);
      const updated = await api(`/api/syllabus/${created.body.data._id}`, {
        method: 'PUT',
        token: u.token,
        raw: formOf({ title: `By ${role}` }),
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data.title).toBe(`By ${role}`);
      expect((await api(`/api/syllabus/${created.body.data._id}`, { method: 'DELETE', token: u.token })).status).toBe(200);
    }
  });

  it('keeps the objects of a successful create', async () => {
    const admin = await asAdmin();
    const item = await createItem(admin);
    const row = await itemRow(item._id);
    for (const m of row!.materials) expect(await exists(m.key)).toBe(true);
  });
});

describe('image dimensions', () => {
  it('refuses a PNG header claiming 100000×100000 pixels with 400, storing nothing', async () => {
    const { token } = await createUser({ role: 'admin' });
    await expectPixelBombRefused(
      (file) =>
        api('/api/syllabus', {
          method: 'POST',
          token,
          raw: multipartForm({ title: 'Bomb', grade: 'white', category: 'kata' }, { materials: file }),
        }),
      'syllabus/',
    );
  });
});
