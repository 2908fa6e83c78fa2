import { describe, expect, it } from 'vitest';
import { describeAccessMatrix, tagged } from '#test/catalog-helpers.ts';
import { membershipsAccess } from './memberships.access.ts';
import { makeMembership, membershipBody } from './memberships.test-helpers.ts';

const fresh = (token: string) => makeMembership(token, `${tagged()} access`);

describe('memberships access matrix', () => {
  describeAccessMatrix(describe, it, expect, membershipsAccess, {
    'GET /api/memberships': async () => ({ method: 'GET', path: '/api/memberships' }),
    'GET /api/memberships/admin': async () => ({ method: 'GET', path: '/api/memberships/admin' }),
    'GET /api/memberships/:id': async (t) => ({ method: 'GET', path: `/api/memberships/${(await fresh(t))._id}` }),
    'POST /api/memberships': async () => ({ method: 'POST', path: '/api/memberships', body: membershipBody(`${tagged()} new`) }),
    'DELETE /api/memberships': async (t) => ({
      method: 'DELETE',
      path: '/api/memberships',
      body: { membershipIds: [(await fresh(t))._id] },
    }),
    'PUT /api/memberships/:id': async (t) => ({
      method: 'PUT',
      path: `/api/memberships/${(await fresh(t))._id}`,
      body: { featured: true },
    }),
    'DELETE /api/memberships/:id': async (t) => ({ method: 'DELETE', path: `/api/memberships/${(await fresh(t))._id}` }),
    'PATCH /api/memberships/:id/toggle-status': async (t) => ({
      method: 'PATCH',
      path: `/api/memberships/${(await fresh(t))._id}/toggle-status`,
    }),
  });
});
