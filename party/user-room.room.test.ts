import { env, exports } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { socketPresence } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { authenticate, connect, GREETING, open, publish } from './room.test-helpers.ts';

describe('a user room (/parties/user/{userId})', () => {
  it('authenticates its own user by the authenticate frame, then delivers what the API publishes to them', async () => {
    const user = await createUser({ role: 'student' });
    const s = await open(user.id);
    expect(s.res.status).toBe(101);
    s.send(authenticate(user));
    expect(await s.next()).toMatchObject({ type: 'authenticated', data: { userId: user.id, role: 'student' } });
    expect(await s.next()).toMatchObject({ type: 'conversation_history' });
    await publish(user.id, { type: 'notification', data: { title: 'Grading on Saturday' } });
    expect(await s.next()).toEqual({ type: 'notification', data: { title: 'Grading on Saturday' } });
    // Presence: publishing asks it first, so only rooms with a socket are woken.
    const presence = () => testDb().select().from(socketPresence).where(eq(socketPresence.userId, user.id)).get();
    expect((await presence())?.sockets).toBe(1);
    s.ws!.close();
    await expect.poll(async () => (await presence())?.sockets).toBe(0);
  });

  it("refuses another user's token with auth_error and closes; nothing published to the room reaches it", async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const s = await open(b.id);
    s.send({ ...authenticate(a), userId: b.id });
    expect(await s.next()).toMatchObject({ type: 'auth_error', message: 'This is not your room' });
    expect((await s.closed).code).toBe(4003);
    await publish(b.id, { type: 'notification', data: { title: 'for b only' } });
    expect(s.frames.map((f) => f.type)).toEqual(['auth_error']);
  });

  it('refuses a forged token and a token revoked by logout, with the API’s messages', async () => {
    const user = await createUser();
    const forged = await open(user.id);
    forged.send({ ...authenticate(user), token: `${user.token}x` });
    expect(await forged.next()).toMatchObject({ type: 'auth_error', message: 'Not authorized, token failed' });
    expect((await forged.closed).code).toBe(4001);
    expect((await api('/api/auth/logout', { method: 'POST', token: user.token })).status).toBe(200);
    const revoked = await open(user.id);
    revoked.send(authenticate(user));
    expect(await revoked.next()).toMatchObject({ type: 'auth_error', message: 'Your session has ended, please log in again' });
  });

  it('drops malformed frames before authenticating and refuses anything but authenticate first', async () => {
    const user = await createUser();
    const s = await open(user.id);
    s.send('not json');
    s.send({ type: 'new_message', content: 'spoofed' });
    s.send(authenticate(user));
    expect(await s.next()).toMatchObject({ type: 'authenticated' });
    s.ws!.close();

    const early = await open(user.id);
    early.send({ type: 'typing', targetId: 'someone', isTyping: true });
    expect(await early.next()).toMatchObject({ type: 'auth_error', message: 'Authenticate first' });
    expect((await early.closed).code).toBe(4001);
  });

  it("refuses another site's Origin and any request that is not a WebSocket upgrade", async () => {
    const user = await createUser();
    const foreign = await open(user.id, { origin: 'https://evil.example' });
    expect(foreign.res.status).toBe(403);
    const same = await open(user.id, { origin: 'http://dojo.test' });
    expect(same.res.status).toBe(101);
    same.ws!.close();
    const plain = await exports.default.fetch(new Request(`http://dojo.test/parties/user/${user.id}`));
    expect(plain.status).toBe(404);
  });

  it('relays typing to the school only: a student reaches an admin, never another student', async () => {
    const [student, admin, other] = await Promise.all([createUser({ role: 'student' }), createUser({ role: 'admin' }), createUser()]);
    const [s, a, o] = await Promise.all([connect(student), connect(admin), connect(other)]);
    s.send({ type: 'typing', targetId: other.id, isTyping: true });
    s.send({ type: 'typing', targetId: admin.id, isTyping: true });
    expect(await a.next()).toEqual({ type: 'typing', data: { userId: student.id, isTyping: true } });
    a.send({ type: 'typing', targetId: student.id, isTyping: false });
    expect(await s.next()).toEqual({ type: 'typing', data: { userId: admin.id, isTyping: false } });
    expect(o.frames.map((f) => f.type)).toEqual(GREETING);
    for (const x of [s, a, o]) x.ws!.close();
  });

  it("relays a member's typing to 'school' to every school account online, and not to other members", async () => {
    const [student, admin1, admin2, other] = await Promise.all([
      createUser({ role: 'member' }),
      createUser({ role: 'admin' }),
      createUser({ role: 'grandmaster' }),
      createUser({ role: 'student' }),
    ]);
    const [s, a1, a2, o] = await Promise.all([student, admin1, admin2, other].map(connect));
    s!.send({ type: 'typing', targetId: 'school', isTyping: true });
    const typing = { type: 'typing', data: { userId: student.id, isTyping: true } };
    expect(await a1!.next()).toEqual(typing);
    expect(await a2!.next()).toEqual(typing);
    expect(o!.frames.map((f) => f.type)).toEqual(GREETING);
    for (const x of [s, a1, a2, o]) x!.ws!.close();
  });

  it('survives a restart of its Durable Object: the socket is dropped, a new one authenticates and is delivered to', async () => {
    const user = await createUser();
    const before = await connect(user);
    const rooms = (env as unknown as { User: DurableObjectNamespace }).User;
    const stub = rooms.get(rooms.idFromName(user.id));
    // abort() resets the object as a deploy or an eviction would; every socket it held closes.
    await runInDurableObject(stub, (_room, state) => state.abort('restart')).catch(() => {});
    expect((await before.closed).code).toBeGreaterThan(1000);
    const after = await connect(user);
    await publish(user.id, { type: 'notification', data: { title: 'after the restart' } });
    expect(await after.next()).toEqual({ type: 'notification', data: { title: 'after the restart' } });
    after.ws!.close();
  });
});
