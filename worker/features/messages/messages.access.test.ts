import { describe, expect, it } from 'vitest';
import { describeAccessMatrix } from '#test/catalog-helpers.ts';
import { createUser } from '#test/helpers.ts';
import { messagesAccess } from './messages.access.ts';
import { reply, send, student, writeToSchool } from './messages.test-helpers.ts';

/** A message to the school from a fresh student, for the calls that need an id. */
const someMessage = async () => (await writeToSchool(await student()))._id;
describe('messages access: the school-only calls', () => {
  const schoolOnly = Object.fromEntries(Object.entries(messagesAccess).filter(([, rule]) => rule !== 'user'));
  describeAccessMatrix(describe, it, expect, schoolOnly, {
    'POST /api/messages/admin/reply': async () => ({
      method: 'POST',
      path: '/api/messages/admin/reply',
      body: { content: 'Osu', targetSpecialId: (await student()).row.studentId },
    }),
    // a small audience: a broadcast to all would reach every user of the shared test database
    'POST /api/messages/admin/broadcast': async () => ({
      method: 'POST',
      path: '/api/messages/admin/broadcast',
      body: { content: 'Osu', targetRoles: ['super-admin'] },
    }),
    'GET /api/messages': async () => ({ method: 'GET', path: '/api/messages' }),
    'GET /api/messages/users': async () => ({ method: 'GET', path: '/api/messages/users' }),
    'GET /api/messages/stats': async () => ({ method: 'GET', path: '/api/messages/stats' }),
    'DELETE /api/messages/bulk': async () => ({
      method: 'DELETE',
      path: '/api/messages/bulk',
      body: { messageIds: [await someMessage()] },
    }),
    'PATCH /api/messages/bulk-read': async () => ({
      method: 'PATCH',
      path: '/api/messages/bulk-read',
      body: { messageIds: [await someMessage()] },
    }),
  });
});

describe('messages access: the calls every signed-in user makes', () => {
  const userCalls = Object.entries(messagesAccess)
    .filter(([, rule]) => rule === 'user')
    .map(([k]) => k);

  it('are exactly send, mark-read, conversation, my-messages, unread-count and get', () => {
    expect(userCalls.sort()).toEqual(
      [
        'GET /api/messages/:id',
        'GET /api/messages/conversation',
        'GET /api/messages/my-messages',
        'GET /api/messages/unread-count',
        'PATCH /api/messages/mark-read',
        'POST /api/messages/send',
      ].sort(),
    );
  });

  it('refuses each without a token (401)', async () => {
    const id = await someMessage();
    for (const [method, path, body] of [
      ['POST', '/api/messages/send', { content: 'x' }],
      ['PATCH', '/api/messages/mark-read', { messageIds: [id] }],
      ['GET', '/api/messages/conversation'],
      ['GET', '/api/messages/my-messages'],
      ['GET', '/api/messages/unread-count'],
      ['GET', `/api/messages/${id}`],
    ] as const) {
      const res = await send(method, path, undefined, body);
      expect(res.status, path).toBe(401);
    }
  });

  it.each(['student', 'member', 'instructor', 'grandmaster', 'admin', 'super-admin'] as const)(
    'lets a %s write to the school and read their own',
    async (role) => {
      const user = await createUser({ role });
      const mine = await writeToSchool(user);
      expect((await send('GET', `/api/messages/${mine._id}`, user.token)).status).toBe(200);
      const conv = await send('GET', '/api/messages/conversation', user.token);
      expect(conv.status).toBe(200);
      expect(conv.body.data.map((m: { _id: string }) => m._id)).toContain(mine._id);
      expect((await send('GET', '/api/messages/unread-count', user.token)).body).toMatchObject({
        success: true,
        unreadCount: expect.any(Number),
      });
    },
  );

  it('keeps a student out of another student’s messages (404) and out of the user list (403); an admin reads both', async () => {
    const [leo, mia, admin] = [await student(), await student(), await createUser({ role: 'admin' })];
    const hers = await writeToSchool(mia);
    const toHer = await reply(admin, mia.row.studentId!);
    for (const id of [hers._id, toHer._id]) {
      expect((await send('GET', `/api/messages/${id}`, leo.token)).status).toBe(404);
      expect((await send('GET', `/api/messages/${id}`, admin.token)).status).toBe(200);
    }
    expect((await send('GET', '/api/messages/users', leo.token)).status).toBe(403);
    expect((await send('GET', '/api/messages/users', admin.token)).status).toBe(200);
    expect((await send('PATCH', '/api/messages/mark-read', leo.token, { messageIds: [toHer._id] })).body.count).toBe(0);
    expect((await send('GET', `/api/messages/${toHer._id}`, mia.token)).body.data.isRead).toBe(false);
  });
});
