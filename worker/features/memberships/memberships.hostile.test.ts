import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';
import { asAdmin, hostileValues, send, sendForm, tagged } from '#test/catalog-helpers.ts';
import { makeMembership } from './memberships.test-helpers.ts';

const KEYS = [
  'name',
  'description',
  'benefits',
  'plans',
  'planId',
  'price',
  'discountPrice',
  'durationMonths',
  'gstRate',
  'isActive',
  'featured',
  'sortOrder',
  'membershipIds',
  'removeImage',
];

describe('hostile input on /api/memberships never produces a 5xx', () => {
  it('survives random JSON bodies on every writing route', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} hostile`);
    const next = hostileValues(20260302, KEYS);
    const routes: [string, string][] = [
      ['POST', '/api/memberships'],
      ['PUT', `/api/memberships/${m._id}`],
      ['DELETE', '/api/memberships'],
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

  it('survives hostile plans in forms and odd queries', async () => {
    const admin = await asAdmin();
    const fd = new FormData();
    fd.append('name', `${tagged()} form`);
    for (const [k, v] of [
      ['plans[0][name]', 'x'],
      ['plans[0]', 'y'],
      ['plans[abc][price]', '1'],
      ['plans', '[{"name":'],
      ['plans[0][__proto__]', 'z'],
    ])
      fd.append(k!, v!);
    const res = await sendForm('POST', '/api/memberships', admin.token, fd);
    expect(res.status).toBeLessThan(500);
    for (const q of ['?sort=;drop', '?limit=abc&page=1e9', `?search=${'_'.repeat(300)}`, '?featured=1']) {
      const r = await api(`/api/memberships${q}`);
      expect(r.status, q).toBeLessThan(500);
    }
  });
});
