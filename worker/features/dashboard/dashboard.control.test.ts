import { describe, expect, it } from 'vitest';
import { ROLES } from '#core/roles.ts';
import { api, createUser } from '#test/helpers.ts';
import { insertOutbox } from './dashboard.test-helpers.ts';

describe('the control panel home', () => {
  it('counts accounts by every role, admins included, and blocked ones', async () => {
    const root = await createUser({ role: 'super-admin' });
    const before = (await api('/api/dashboard/control-panel', { token: root.token })).body.data.users;
    await createUser({ role: 'admin' });
    await createUser({ role: 'student', isActive: false });
    const res = await api('/api/dashboard/control-panel', { token: root.token });
    expect(res.status).toBe(200);
    const users = res.body.data.users;
    expect(Object.keys(users.byRole).sort()).toEqual([...ROLES].sort());
    expect(users.byRole.admin - before.byRole.admin).toBeGreaterThanOrEqual(1);
    expect(users.blocked - before.blocked).toBeGreaterThanOrEqual(1);
    expect(users.total).toBe(Object.values(users.byRole as Record<string, number>).reduce((s, n) => s + n, 0));
  });

  it('counts the outbox by state and names its latest failure', async () => {
    const root = await createUser({ role: 'super-admin' });
    const before = (await api('/api/dashboard/control-panel', { token: root.token })).body.data.outbox;
    await insertOutbox('sent');
    const failed = await insertOutbox('failed', { error: 'Resend said 422' });
    const outbox = (await api('/api/dashboard/control-panel', { token: root.token })).body.data.outbox;
    expect(outbox.sent - before.sent).toBeGreaterThanOrEqual(1);
    expect(outbox.failed - before.failed).toBeGreaterThanOrEqual(1);
    expect(outbox.lastFailure).toMatchObject({ _id: failed.id, error: 'Resend said 422', to: failed.to });
  });
});
