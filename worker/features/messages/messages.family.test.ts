import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageReads } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { insertChild } from '#test/family-helpers.ts';
import { admin, reply, send } from './messages.test-helpers.ts';

beforeAll(() => api('/api/health'), 60_000);

describe('a guardian reads the messages meant for their child (issue 26)', () => {
  it('lists the child’s thread and conversation read-only, apart from the guardian’s own', async () => {
    const parent = await createUser({ role: 'member' });
    const child = await insertChild(parent.id);
    const sensei = await admin();
    const answer = await reply(sensei, child.studentId!, 'Bring your gi on Friday');

    const thread = await send('GET', `/api/messages/my-messages?for=${child.id}`, parent.token);
    expect(thread.status).toBe(200);
    expect(thread.body.data.map((m: { _id: string }) => m._id)).toEqual([answer._id]);
    const talk = await send('GET', `/api/messages/conversation?for=${child.id}`, parent.token);
    expect(talk.body).toMatchObject({ conversationId: child.id, data: [{ _id: answer._id, content: 'Bring your gi on Friday' }] });
    expect((await send('GET', '/api/messages/my-messages', parent.token)).body.data).toEqual([]);
    // Reading for the child marks nothing read: the child still has it unread.
    expect(await testDb().select().from(messageReads).where(eq(messageReads.messageId, answer._id))).toEqual([]);
  });

  it('answers 404 for another family’s child and for another adult, and shows nothing of theirs', async () => {
    const parent = await createUser({ role: 'member' });
    const stranger = await createUser({ role: 'member' });
    const theirs = await insertChild(stranger.id);
    await reply(await admin(), theirs.studentId!, 'Private');
    for (const path of ['my-messages', 'conversation']) {
      const res = await send('GET', `/api/messages/${path}?for=${theirs.id}`, parent.token);
      expect([res.status, res.body.message]).toEqual([404, 'Child not found']);
      expect((await send('GET', `/api/messages/${path}?for=${stranger.id}`, parent.token)).status).toBe(404);
    }
  });
});
