import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';
import { asAdmin, hostileValues, send, sendForm, tagged } from '#test/catalog-helpers.ts';
import { makeCourse } from './courses.test-helpers.ts';

const KEYS = [
  'title',
  'slug',
  'price',
  'discountPrice',
  'level',
  'highlights',
  'capacity',
  'featured',
  'isActive',
  'courseIds',
  'removeImage',
  'currency',
  'durationWeeks',
];

describe('hostile input on /api/courses never produces a 5xx', () => {
  it('survives random JSON bodies on every writing route', async () => {
    const admin = await asAdmin();
    const course = await makeCourse(admin.token, `${tagged()} hostile`);
    const next = hostileValues(20260301, KEYS);
    const routes: [string, string][] = [
      ['POST', '/api/courses'],
      ['PUT', `/api/courses/${course._id}`],
      ['DELETE', '/api/courses'],
    ];
    for (let i = 0; i < 25; i++) {
      for (const [method, path] of routes) {
        const body = next();
        const res = await send(method, path, admin.token, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
    }
  });

  it('survives hostile form fields and malformed JSON', async () => {
    const admin = await asAdmin();
    const fd = new FormData();
    for (const key of [
      'title',
      'price',
      'highlights[0][x]',
      'plans[99999999][name]',
      '__proto__[polluted]',
      'a[b][c][d][e]',
      '[]',
      'price',
    ])
      fd.append(key, '1e999');
    const res = await sendForm('POST', '/api/courses', admin.token, fd);
    expect(res.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const raw of ['{', '[]', '"text"', '42', 'null', '{"title": }']) {
      const r = await api('/api/courses', { method: 'POST', token: admin.token, raw, headers: { 'content-type': 'application/json' } });
      expect(r.status, raw).toBe(400);
      expect(r.body.success).toBe(false);
    }
  });

  it('answers 4xx or 200 to hostile query strings and path ids', async () => {
    const admin = await asAdmin();
    const queries = [
      '/api/courses?page=99999999999999999999',
      '/api/courses?limit=1e3&page=-4',
      '/api/courses?page=1&page=2&level=beginner&level=advanced',
      `/api/courses?search=${'%'.repeat(500)}`,
      '/api/courses?sort=createdAt;drop table courses',
      `/api/courses?category=${encodeURIComponent("' or 1=1 --")}`,
      '/api/courses/featured?limit=-1',
      '/api/courses/admin?isActive=yes',
      `/api/courses/${'x'.repeat(5000)}`,
      `/api/courses/${encodeURIComponent('%00')}`,
      '/api/courses/__proto__',
    ];
    for (const q of queries) {
      const res = await api(q, { token: admin.token });
      expect(res.status, q).toBeLessThan(500);
      expect(typeof res.body.success, q).toBe('boolean');
    }
  });
});
