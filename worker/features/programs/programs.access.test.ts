import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';
import { createUser, describeAccessMatrix, send, tagged } from '#test/catalog-helpers.ts';
import { programsAccess } from './programs.access.ts';
import { makeProgram } from './programs.test-helpers.ts';

const writes = Object.fromEntries(Object.entries(programsAccess).filter(([, rule]) => rule !== 'user'));

describe('programs access', () => {
  describeAccessMatrix(describe, it, expect, writes, {
    'POST /api/programs': async () => ({ method: 'POST', path: '/api/programs', body: { name: `Program ${tagged()}` } }),
    'PATCH /api/programs/:slug': async () => ({
      method: 'PATCH',
      path: `/api/programs/${(await makeProgram()).slug}`,
      body: { name: 'Renamed' },
    }),
    'DELETE /api/programs/:slug': async () => ({ method: 'DELETE', path: `/api/programs/${(await makeProgram()).slug}` }),
    'POST /api/programs/:slug/ranks': async () => ({
      method: 'POST',
      path: `/api/programs/${(await makeProgram()).slug}/ranks`,
      body: { position: 1, name: 'White' },
    }),
    'POST /api/programs/:slug/ranks/reorder': async () => {
      const { slug, ranks } = await makeProgram(2);
      return { method: 'POST', path: `/api/programs/${slug}/ranks/reorder`, body: { rankIds: [ranks[1]!._id, ranks[0]!._id] } };
    },
    'PATCH /api/programs/:slug/ranks/:rankId': async () => {
      const { slug, ranks } = await makeProgram(1);
      return { method: 'PATCH', path: `/api/programs/${slug}/ranks/${ranks[0]!._id}`, body: { name: 'Yellow' } };
    },
    'DELETE /api/programs/:slug/ranks/:rankId': async () => {
      const { slug, ranks } = await makeProgram(1);
      return { method: 'DELETE', path: `/api/programs/${slug}/ranks/${ranks[0]!._id}` };
    },
    'PUT /api/programs/:slug/ranks/:rankId/requirements': async () => {
      const { slug, ranks } = await makeProgram(1);
      return {
        method: 'PUT',
        path: `/api/programs/${slug}/ranks/${ranks[0]!._id}/requirements`,
        body: { requirements: [{ type: 'min_days', mode: 'gate', value: 30 }] },
      };
    },
    'PUT /api/programs/:slug/ranks/:rankId/techniques': async () => {
      const { slug, ranks } = await makeProgram(1);
      return {
        method: 'PUT',
        path: `/api/programs/${slug}/ranks/${ranks[0]!._id}/techniques`,
        body: { techniques: [{ title: 'Kata', maxScore: 10, passScore: 6, weight: 1, mandatory: true }] },
      };
    },
  });

  it('lets every signed-in role read programs and ladders, and refuses visitors with 401', async () => {
    const { slug } = await makeProgram(2);
    for (const path of ['/api/programs', `/api/programs/${slug}`, `/api/programs/${slug}/ranks`]) {
      expect((await api(path)).status, path).toBe(401);
      for (const role of ['student', 'member', 'instructor', 'grandmaster'] as const) {
        const user = await createUser({ role });
        expect((await send('GET', path, user.token)).status, `${role} ${path}`).toBe(200);
      }
    }
  });
});
