import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { file } from '#test/file-helpers.ts';

const keys = [
  'title',
  'description',
  'tags',
  'tags[]',
  'tags[0]',
  'category',
  'isPublished',
  'existingExcelFile',
  'existingImages',
  'existingImages[0]',
  'excelFile',
  'images',
  'images[0]',
  '__proto__',
  'uploadedBy',
  'uploadIds',
];
const values = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '',
    ',,,',
    '[]',
    '[{}]',
    '[null,1,{"key":"file-uploads/../x"}]',
    '{"a":',
    'x'.repeat(20_000),
    '\u0000',
    'true',
    'file-uploads/x.png',
    '/api/files/file-uploads/x.png',
  ),
);

describe('hostile input to /api/file-uploads never produces a 5xx', () => {
  it('survives random forms and JSON on POST and PUT, and random queries on GET', async () => {
    const a = await createUser({ role: 'admin' });
    const created = await api('/api/file-uploads', { method: 'POST', token: a.token, body: { title: 'Target' } });
    const id = created.body.data._id;
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...keys), values), { maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        async (pairs, asJson, update) => {
          const path = update ? `/api/file-uploads/${id}` : '/api/file-uploads';
          const method = update ? 'PUT' : 'POST';
          let res;
          if (asJson) res = await api(path, { method, token: a.token, body: Object.fromEntries(pairs) });
          else {
            const fd = new FormData();
            for (const [k, v] of pairs)
              fd.append(k, k.startsWith('images') || k === 'excelFile' ? file(new TextEncoder().encode(v), 'f.bin') : v);
            res = await api(path, { method, token: a.token, raw: fd });
          }
          if (res.status >= 500) failures.push(`${method} ${JSON.stringify(pairs).slice(0, 300)} → ${res.status}`);
          return res.status < 500;
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('page', 'limit', 'userId', 'search', 'category', 'isPublished'), fc.string({ maxLength: 40 })),
        fc.boolean(),
        async (query, asAdmin) => {
          const res = await api(`/api/file-uploads?${new URLSearchParams(query)}`, asAdmin ? { token: a.token } : {});
          return res.status < 500;
        },
      ),
      { numRuns: 40 },
    );
    for (const body of [
      { uploadIds: [{}, []] },
      { uploadIds: Array.from({ length: 101 }, () => 'x') },
      { tags: { a: { b: { c: { d: { e: {} } } } } } },
    ]) {
      expect((await api('/api/file-uploads', { method: 'DELETE', token: a.token, body })).status).toBe(400);
      expect((await api('/api/file-uploads', { method: 'POST', token: a.token, body })).status).toBeLessThan(500);
    }
    expect(failures).toEqual([]);
  });
});
