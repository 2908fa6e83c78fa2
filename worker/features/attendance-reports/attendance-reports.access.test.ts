import { describe, expect, it } from 'vitest';
import { ROLES } from '#core/roles.ts';
import { api, createUser } from '#test/helpers.ts';
import { insertKioskDevice } from '#test/session-helpers.ts';
import { KIOSK_MESSAGES } from '#worker/lib/kiosk-token.ts';

const PATHS = [
  '/api/attendance/reports?from=2026-03-02&to=2026-03-15',
  '/api/attendance/reports.csv?from=2026-03-02&to=2026-03-15&report=class',
];

describe('who may read the attendance reports', () => {
  it('refuses a visitor with 401', async () => {
    for (const path of PATHS) expect((await api(path)).status).toBe(401);
  });

  it('answers the admin-capable roles and refuses students, members and instructors with 403', async () => {
    for (const role of ROLES) {
      const { token } = await createUser({ role });
      for (const path of PATHS) {
        const res = await api(path, { token });
        expect([role, path, res.status]).toEqual([role, path, ['admin', 'super-admin', 'grandmaster'].includes(role) ? 200 : 403]);
      }
    }
  });

  it('refuses a check-in kiosk: it may only check members in', async () => {
    const { token } = await insertKioskDevice();
    for (const path of PATHS) {
      const res = await api(path, { token });
      expect([res.status, res.body.message]).toEqual([403, KIOSK_MESSAGES.onlyCheckIn]);
    }
  });
});

describe('bad ranges', () => {
  const bad = async (query: string) => {
    const { token } = await createUser({ role: 'admin' });
    const res = await api(`/api/attendance/reports?${query}`, { token });
    expect(res.status).toBe(400);
    return [res.body.message, res.body.errors[0].path];
  };

  it('names the field that is missing or not a date', async () => {
    expect(await bad('to=2026-03-15')).toEqual(['from is required', 'from']);
    expect(await bad('from=2026-03-02')).toEqual(['to is required', 'to']);
    expect(await bad('from=2026-03-02&to=2026-02-30')).toEqual(['to must be a date (YYYY-MM-DD)', 'to']);
    expect(await bad('from=yesterday&to=2026-03-15')).toEqual(['from must be a date (YYYY-MM-DD)', 'from']);
    expect(await bad(`from=2026-03-02&to=2026-03-15&classId=${'x'.repeat(65)}`)).toEqual([expect.any(String), 'classId']);
  });

  it('refuses a range that runs backwards or is longer than 366 days', async () => {
    expect(await bad('from=2026-03-15&to=2026-03-02')).toEqual(['to must be on or after from', 'to']);
    expect(await bad('from=2025-01-01&to=2026-01-02')).toEqual(['The report range may be at most 366 days', 'to']);
  });

  it('refuses a CSV of an unknown report', async () => {
    const { token } = await createUser({ role: 'admin' });
    for (const report of ['', 'money', '=1+1']) {
      const res = await api(`/api/attendance/reports.csv?from=2026-03-02&to=2026-03-15&report=${report}`, { token });
      expect([res.status, res.body.message]).toEqual([400, 'report must be one of: class, student, no-shows']);
    }
  });
});

describe('hostile queries', () => {
  it('never answers a 5xx: repeated keys, injection-shaped class ids, control characters and long values', async () => {
    const { token } = await createUser({ role: 'admin' });
    const range = 'from=2026-03-02&to=2026-03-15';
    const cases: [string, number][] = [
      [`${range}&from=2026-03-03`, 200],
      [`${range}&classId=${encodeURIComponent("' OR 1=1 --")}`, 200],
      [`${range}&classId=%00`, 200],
      ['from=2026-03-02%00&to=2026-03-15', 400],
      [`from=${'9'.repeat(5000)}&to=2026-03-15`, 400],
      ['from=%2B2026-03-02&to=2026-03-15', 400],
      ['from=2026-3-2&to=2026-03-15', 400],
    ];
    for (const [query, status] of cases) {
      const res = await api(`/api/attendance/reports?${query}`, { token });
      expect([query.slice(0, 60), res.status]).toEqual([query.slice(0, 60), status]);
    }
    const injected = await api(`/api/attendance/reports?${range}&classId=${encodeURIComponent("' OR 1=1 --")}`, { token });
    expect(injected.body.data).toMatchObject({ byClass: [], byStudent: [], noShows: [] });
  });
});
