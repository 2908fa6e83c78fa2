import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';

const put = (token: string, body: unknown) => api('/api/notifications/preferences', { method: 'PUT', token, body });
const get = (token: string) => api('/api/notifications/preferences', { token });

describe('/api/notifications/preferences', () => {
  it('answers the defaults before the user chose anything', async () => {
    const user = await createUser();
    expect((await get(user.token)).body).toEqual({ success: true, data: { inApp: true, push: true, email: false, mutedTypes: [] } });
  });

  it("saves the caller's own choices, keeping what a later call leaves out", async () => {
    const [user, other] = await Promise.all([createUser(), createUser()]);
    const first = await put(user.token, { push: false, mutedTypes: ['info', 'info', 'message'] });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ inApp: true, push: false, email: false, mutedTypes: ['info', 'message'] });
    await put(user.token, { email: true, userId: other.id });
    expect((await get(user.token)).body.data).toEqual({ inApp: true, push: false, email: true, mutedTypes: ['info', 'message'] });
    expect((await get(other.token)).body.data).toEqual({ inApp: true, push: true, email: false, mutedTypes: [] });
  });

  it('refuses values that are not preferences with 400', async () => {
    const user = await createUser();
    const cases: [unknown, string][] = [
      [{ push: 'no' }, 'push must be true or false'],
      [{ mutedTypes: ['urgent'] }, 'Type must be one of: system, success, info, error, message'],
      [{ mutedTypes: 'info' }, 'Muted types must be a list'],
      [[1, 2], 'Please send the preferences as a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await put(user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
    }
  });
});
