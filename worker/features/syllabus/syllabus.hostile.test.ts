import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { FILES, fetchRaw, file } from '#test/file-helpers.ts';
import { asAdmin, createItem, statusOf } from './syllabus.test-helpers.ts';

const keys = [
  'title',
  'description',
  'grade',
  'category',
  'isActive',
  'existingMaterials',
  'externalLinks',
  'externalLinks[0][url]',
  'externalLinks[99999][title]',
  'externalLinks[0][type]',
  'externalLinks[0]',
  'externalLinks[x][url]',
  'materials',
  'materials[0]',
  '__proto__',
  'constructor',
  'syllabusIds',
];
const values = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '',
    ' ',
    'javascript:alert(1)',
    'https://ok.example',
    '[]',
    '[{"url":"javascript:1"}]',
    '{"__proto__":{"x":1}}',
    'x'.repeat(10_000),
    '\u0000',
    'white',
    'black',
    'kata',
    'true',
    '[1,2,{}]',
  ),
);

describe('hostile input to /api/syllabus never produces a 5xx', () => {
  it('survives random multipart forms and JSON bodies on POST and PUT', async () => {
    const admin = await asAdmin();
    const item = await createItem(admin, { files: [] });
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...keys), values), { maxLength: 12 }),
        fc.boolean(),
        fc.boolean(),
        async (pairs, asJson, update) => {
          const path = update ? `/api/syllabus/${item._id}` : '/api/syllabus';
          const method = update ? 'PUT' : 'POST';
          let res;
          if (asJson) res = await api(path, { method, token: admin.token, body: Object.fromEntries(pairs) });
          else {
            const fd = new FormData();
            for (const [k, v] of pairs) fd.append(k, k.startsWith('materials') ? file(new TextEncoder().encode(v), 'x.bin') : v);
            res = await api(path, { method, token: admin.token, raw: fd });
          }
          if (res.status >= 500) failures.push(`${method} ${JSON.stringify(pairs).slice(0, 300)} → ${res.status}`);
          return res.status < 500;
        },
      ),
      { numRuns: 60 },
    );
    expect(failures).toEqual([]);
  });

  it('survives hostile JSON structures, odd content types and random queries', async () => {
    const admin = await asAdmin();
    const s = await createUser({ role: 'student', profile: { grade: 'white' } });
    const bodies = [
      { externalLinks: { a: { b: { c: { d: { e: 1 } } } } } },
      { externalLinks: [[[[]]]] },
      { title: ['a', 'b'] },
      { existingMaterials: [{}, null, 3] },
      { syllabusIds: [{}, []] },
    ];
    for (const body of bodies) {
      for (const [method, path] of [
        ['POST', '/api/syllabus'],
        ['PUT', '/api/syllabus/x'],
        ['DELETE', '/api/syllabus'],
      ] as const) {
        const res = await api(path, { method, token: admin.token, body });
        expect(res.status, `${method} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    for (const type of ['text/plain', 'application/json', 'multipart/form-data', 'application/x-www-form-urlencoded', '']) {
      const res = await api('/api/syllabus', {
        method: 'POST',
        token: admin.token,
        raw: '{"title":',
        headers: type ? { 'content-type': type } : {},
      });
      expect(res.status, type).toBeGreaterThanOrEqual(400);
      expect(res.status, type).toBeLessThan(500);
    }
    const paths = ['/api/syllabus', '/api/syllabus/admin/all', '/api/syllabus/student/my-syllabus'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(fc.constantFrom('page', 'limit', 'grade', 'category', 'search', 'isActive'), fc.string({ maxLength: 40 })),
        fc.boolean(),
        async (path, query, asStudent) => {
          const res = await api(`${path}?${new URLSearchParams(query)}`, { token: asStudent ? s.token : admin.token });
          return res.status < 500;
        },
      ),
      { numRuns: 60 },
    );
    const item = await createItem(admin, { grade: 'white', files: [['materials', file(FILES.mp4(2048), 'v.mp4')]] });
    const m = item.materials[0]._id;
    for (const q of [
      '?uid=&exp=&sig=',
      '?uid=x&exp=-1&sig=a',
      `?uid=${'x'.repeat(5000)}&exp=9&sig=${'A'.repeat(43)}`,
      '?sig=%00&uid=%00&exp=%00',
    ]) {
      expect(await statusOf(`/api/syllabus/${item._id}/materials/${m}${q}`)).toBe(401);
    }
    for (const range of ['bytes=999999-', 'bytes=5-1', 'bytes=-0', 'items=0-1', 'bytes=0-1,5-9']) {
      const res = await fetchRaw(`/api/syllabus/${item._id}/materials/${m}`, { token: s.token, headers: { range } });
      await res.arrayBuffer();
      expect(res.status, range).toBeLessThan(500);
    }
  });
});
