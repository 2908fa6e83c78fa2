import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { enrolled } from '#test/enrollment-helpers.ts';

const BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  { courseId: 7 },
  { courseId: ['a'] },
  { enrollmentIds: 'x' },
  { __proto__: { isRetry: true } },
  { isRetry: 'true' },
];

describe('hostile input to /api/enroll', () => {
  it('answers 4xx in words, never 5xx', async () => {
    const admin = await createUser({ role: 'admin' });
    const { enrollment } = await enrolled();
    const calls: [string, string][] = [
      ['POST', '/api/enroll'],
      ['POST', '/api/enroll/verify-payment'],
      ['POST', `/api/enroll/${enrollment._id}/renew`],
      ['PATCH', `/api/enroll/${enrollment._id}/cancel`],
      ['POST', `/api/enroll/${enrollment._id}/approve`],
      ['POST', `/api/enroll/${enrollment._id}/reject`],
      ['DELETE', '/api/enroll/bulk/delete'],
      ['POST', '/api/coupons/course-price'],
    ];
    for (const [method, path] of calls)
      for (const body of BODIES) {
        const res = await api(path, { method, token: admin.token, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (res.status >= 400) expect(typeof res.body.message).toBe('string');
      }
    for (const q of ['page=-1', 'limit=abc', 'status=%00', 'from=2026-02-30', 'search=' + 'x'.repeat(500), 'courseId[]=a'])
      expect((await api(`/api/enroll/admin/all?${q}`, { token: admin.token })).status).toBeLessThan(500);
    const missing = await api('/api/enroll/verify-payment', {
      method: 'POST',
      token: admin.token,
      body: { sessionId: 's', paymentId: 'p' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Payment verification failed/);
  });
});
