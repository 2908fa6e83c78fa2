import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { ROOM_ERRORS, ServerFrame } from '#core/realtime/frames.ts';
import { api, createUser, uniq } from '#test/helpers.ts';
import { reply, send as call, writeToSchool } from '#worker/features/messages/messages.test-helpers.ts';
import { authenticate, connect, open, publish, type Socket } from './room.test-helpers.ts';

const rooms = () => (env as unknown as { User: DurableObjectNamespace }).User;

/** Every frame the socket received is one the browser's parser accepts (core/realtime/frames.ts). */
const allParse = (s: Socket) => expect(s.frames.filter((f) => !ServerFrame.safeParse(f).success)).toEqual([]);

describe("the room's own frames (spec 7: conversation_history, error)", () => {
  it('sends conversation_history after authenticated: the conversation, page 1, as GET /api/messages/conversation answers it', async () => {
    const [student, school] = await Promise.all([
      createUser({ role: 'student', studentId: `STU-${uniq().toUpperCase()}` }),
      createUser({ role: 'admin' }),
    ]);
    const asked = await writeToSchool(student, 'When is the next grading?');
    const answered = await reply(school, student.id, 'Saturday at ten.');
    const s = await open(student.id);
    s.send(authenticate(student));
    expect(await s.next()).toMatchObject({ type: 'authenticated', data: { userId: student.id, role: 'student' } });
    const history = await s.next();
    const rest = (await api('/api/messages/conversation', { token: student.token })).body;
    expect(history).toEqual({
      type: 'conversation_history',
      data: { messages: rest.messages, conversationId: student.id, pagination: rest.pagination },
    });
    expect(history!.data.messages.map((m: { _id: string }) => m._id)).toEqual([asked._id, answered._id]);
    allParse(s);
    s.ws!.close();
  });

  it('answers a frame it cannot read with error once authenticated, and stays open; before that it says nothing', async () => {
    const user = await createUser();
    const s = await connect(user);
    s.send('not json');
    s.send({ type: 'new_message', content: 'spoofed' });
    s.send({ type: 'typing', targetId: 'x'.repeat(5000), isTyping: true });
    const error = { type: 'error', code: 'BAD_REQUEST', message: ROOM_ERRORS.badFrame };
    expect([await s.next(), await s.next(), await s.next()]).toEqual([error, error, error]);
    await publish(user.id, { type: 'notification', data: { title: 'still open' } });
    expect(await s.next()).toEqual({ type: 'notification', data: { title: 'still open' } });
    s.ws!.close();

    const early = await open(user.id);
    early.send('not json');
    early.send(authenticate(user));
    expect(await early.next()).toMatchObject({ type: 'authenticated' });
    early.ws!.close();
  });

  it('tells the socket with error UNAVAILABLE when its own work fails (the database), and stays open', async () => {
    const [student, school] = await Promise.all([createUser({ role: 'student' }), createUser({ role: 'admin' })]);
    const s = await connect(student);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stub = rooms().get(rooms().idFromName(student.id));
    await runInDurableObject(stub, (room: object) => {
      Object.assign(room, {
        db: () => {
          throw new Error('database down');
        },
      });
    });
    s.send({ type: 'typing', targetId: school.id, isTyping: true });
    expect(await s.next()).toEqual({ type: 'error', code: 'UNAVAILABLE', message: ROOM_ERRORS.unavailable });
    allParse(s);
    expect(logged.mock.calls.map((c) => JSON.parse(String(c[0])))).toContainEqual(
      expect.objectContaining({ level: 'error', message: 'room typing failed', error: 'database down' }),
    );
    logged.mockRestore();
    await runInDurableObject(stub, (room: object) => {
      delete (room as { db?: unknown }).db;
    });
    s.ws!.close();
  });

  it("delivers what the API publishes in shapes the browser's parser accepts: messages, read receipts, broadcasts, notifications", async () => {
    const [student, school] = await Promise.all([
      createUser({ role: 'student', studentId: `STU-${uniq().toUpperCase()}` }),
      createUser({ role: 'admin' }),
    ]);
    const [s, a] = [await connect(student), await connect(school)];
    await writeToSchool(student, 'May I come on Sunday?');
    const answer = await reply(school, student.id, 'Yes, at nine.');
    expect((await call('PATCH', '/api/messages/mark-read', student.token, { messageIds: [answer._id] })).status).toBe(200);
    const sent = await call('POST', '/api/messages/admin/broadcast', school.token, {
      content: `Dojo closed ${uniq()}`,
      targetRoles: ['student'],
    });
    expect(sent.status).toBe(201);
    // Other files share the database: a socket may also get their broadcasts or the school's read updates.
    const types = (x: Socket) => x.frames.map((f) => f.type);
    await expect
      .poll(() => types(s), { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([
          'authenticated',
          'conversation_history',
          'message_sent',
          'notification',
          'new_reply',
          'messages_marked_read',
          'new_broadcast',
        ]),
      );
    await expect
      .poll(() => types(a), { timeout: 5000 })
      .toEqual(
        expect.arrayContaining([
          'authenticated',
          'conversation_history',
          'new_message',
          'notification',
          'reply_sent',
          'messages_read_by_user',
          'broadcast_sent',
        ]),
      );
    allParse(s);
    allParse(a);
    for (const x of [s, a]) x.ws!.close();
  });
});
