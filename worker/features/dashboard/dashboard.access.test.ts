import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#core/roles.ts';
import { api, createUser } from '#test/helpers.ts';

const HOMES: Record<string, readonly Role[]> = {
  student: ['student', 'member'],
  instructor: ['instructor'],
  'grand-master': ['grandmaster'],
  admin: ['admin', 'super-admin', 'grandmaster'],
  'control-panel': ['super-admin', 'admin'],
};

describe('who may open which home', () => {
  it('refuses a visitor with 401', async () => {
    for (const home of Object.keys(HOMES)) expect((await api(`/api/dashboard/${home}`)).status).toBe(401);
  });

  it("answers each role its panels' homes and refuses the others with 403", async () => {
    const tokens = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, (await createUser({ role })).token] as const)));
    for (const [home, allowed] of Object.entries(HOMES)) {
      for (const role of ROLES) {
        const res = await api(`/api/dashboard/${home}`, { token: tokens[role] });
        expect([home, role, res.status]).toEqual([home, role, allowed.includes(role) ? 200 : 403]);
      }
    }
  });
});
