import { env, exports } from 'cloudflare:workers';
import { listDurableObjectIds } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import { api, createUser, testDb, type TestUser } from '#test/helpers.ts';
import { FRAME_LIMIT } from './frame-budget.ts';
import { AUTH_WINDOW_MS, ROOM_CLOSE } from './protocol.ts';
import { authenticate, connect, GREETING, open, publish, type Socket } from './room.test-helpers.ts';

const STALE = 'Your session has ended, please log in again';

/** Runs the API call and expects every socket to get auth_error and close with sessionEnded within a second of it. */
async function closesWithinASecond(sockets: Socket[], change: () => Promise<{ status: number }>) {
  const started = Date.now();
  expect((await change()).status).toBe(200);
  for (const s of sockets) {
    const closed = await s.closed;
    expect(closed.code).toBe(ROOM_CLOSE.sessionEnded);
    expect(closed.at - started).toBeLessThan(1000);
    expect(s.frames.at(-1)).toEqual({ type: 'auth_error', message: STALE });
  }
}

const rooms = () => (env as unknown as { User: DurableObjectNamespace }).User;

describe('realtime sessions end with the session (issue 21, finding 2)', () => {
  it('logout closes every socket of the user at once; nothing published afterwards reaches them', async () => {
    const user = await createUser({ role: 'member' });
    const sockets = [await connect(user), await connect(user)];
    await closesWithinASecond(sockets, () => api('/api/auth/logout', { method: 'POST', token: user.token }));
    await publish(user.id, { type: 'notification', data: { title: 'after logout' } });
    for (const s of sockets) expect(s.frames.map((f) => f.type)).toEqual([...GREETING, 'session_ended', 'auth_error']);
  });

  it("blocking closes the user's sockets; another user's socket stays open", async () => {
    const [admin, user, bystander] = await Promise.all([createUser({ role: 'admin' }), createUser(), createUser()]);
    const [s, other] = [await connect(user), await connect(bystander)];
    await closesWithinASecond([s], () => api(`/api/users/${user.id}/block`, { method: 'PATCH', token: admin.token, body: {} }));
    await publish(bystander.id, { type: 'notification', data: { title: 'still here' } });
    expect(await other.next()).toEqual({ type: 'notification', data: { title: 'still here' } });
    other.ws!.close();
  });

  it('demotion closes the sockets of the demoted account', async () => {
    const [superAdmin, admin] = await Promise.all([createUser({ role: 'super-admin' }), createUser({ role: 'admin' })]);
    const s = await connect(admin);
    await closesWithinASecond([s], () =>
      api(`/api/users/${admin.id}`, { method: 'PATCH', token: superAdmin.token, body: { role: 'member' } }),
    );
  });

  it('a password change (a new token version) closes the old sockets; the new token connects', async () => {
    const user = await createUser({ role: 'student' });
    const s = await connect(user);
    let fresh = '';
    await closesWithinASecond([s], async () => {
      const res = await api('/api/auth/update-password', {
        method: 'POST',
        token: user.token,
        body: { currentPassword: user.password, newPassword: 'Another-Horse-43', confirmPassword: 'Another-Horse-43' },
      });
      fresh = res.body.token;
      return res;
    });
    (await connect({ ...user, token: fresh })).ws!.close();
  });

  it("checks the sender's current rights before relaying typing: a demoted or blocked account's typing reaches no one", async () => {
    const [admin, student, member, school] = await Promise.all([
      createUser({ role: 'admin' }),
      createUser({ role: 'student' }),
      createUser({ role: 'member' }),
      createUser({ role: 'grandmaster' }),
    ]);
    const [a, s, m, g] = await Promise.all([admin, student, member, school].map(connect));
    // Written behind the API's back, so only the room's own check can notice.
    await testDb().update(users).set({ role: 'student' }).where(eq(users.id, admin.id));
    await testDb()
      .update(users)
      .set({ isActive: false, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, member.id));
    a!.send({ type: 'typing', targetId: student.id, isTyping: true });
    m!.send({ type: 'typing', targetId: 'school', isTyping: true });
    expect((await a!.closed).code).toBe(ROOM_CLOSE.sessionEnded);
    expect((await m!.closed).code).toBe(ROOM_CLOSE.sessionEnded);
    await new Promise((r) => setTimeout(r, 200));
    expect(s!.frames.map((f) => f.type)).toEqual(GREETING);
    expect(g!.frames.map((f) => f.type)).toEqual(GREETING);
    for (const x of [s, g]) x!.ws!.close();
  });
});

describe('session_ended says why before the room closes the socket (issue 23.5)', () => {
  const endedWith = (s: Socket) => s.frames.find((f) => f.type === 'session_ended')?.data;

  it('tells every open socket of a blocked user the suspension and its reason, over a real WebSocket', async () => {
    const [admin, user] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
    const sockets = [await connect(user), await connect(user)];
    await closesWithinASecond(sockets, () =>
      api(`/api/users/${user.id}/block`, { method: 'PATCH', token: admin.token, body: { reason: 'Unpaid dues' } }),
    );
    for (const s of sockets)
      expect(endedWith(s)).toEqual({ reason: 'suspended', message: 'Your account was suspended by the school: Unpaid dues' });
  });

  it('says the school signed the user out, that a role changed, or that the account was removed', async () => {
    const [admin, a, b, c] = await Promise.all([createUser({ role: 'admin' }), createUser(), createUser(), createUser()]);
    const [sa, sb, sc] = [await connect(a), await connect(b), await connect(c)];
    await closesWithinASecond([sa], () => api(`/api/users/${a.id}/end-sessions`, { method: 'POST', token: admin.token }));
    await closesWithinASecond([sb], () => api(`/api/users/${b.id}`, { method: 'PATCH', token: admin.token, body: { role: 'member' } }));
    await closesWithinASecond([sc], () => api(`/api/users/${c.id}`, { method: 'DELETE', token: admin.token }));
    expect(endedWith(sa)?.message).toBe('You were signed out by the school');
    expect(endedWith(sb)?.message).toBe('Your role changed: sign in again');
    expect(endedWith(sc)?.reason).toBe('deleted');
  });
});

describe('realtime frames are bounded (issue 21, finding 8)', () => {
  it('drops the frames over the per-socket limit and closes a sustained flood with tooManyFrames', async () => {
    const [student, admin] = await Promise.all([createUser({ role: 'student' }), createUser({ role: 'admin' })]);
    const [s, a] = [await connect(student), await connect(admin)];
    // The probe sent 3,000; 300 is ten times what closes a socket, without queueing thousands of events in the test runtime.
    for (let i = 0; i < 300; i++) s.send({ type: 'typing', targetId: admin.id, isTyping: i % 2 === 0 });
    const closed = await s.closed;
    expect(closed.code).toBe(ROOM_CLOSE.tooManyFrames);
    const typingFrames = () => a.frames.filter((f) => f.type === 'typing').length;
    await expect.poll(typingFrames, { timeout: 3000 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    const relayed = typingFrames();
    expect(relayed).toBeLessThanOrEqual(FRAME_LIMIT.perSecond * 2);
    a.ws!.close();
  });
});

describe('the token never rides in a URL (issue 21, finding 15)', () => {
  it('refuses a socket with ?token= before any room, and an authenticate frame alone is enough', async () => {
    const user = await createUser();
    const inUrl = await open(user.id, { query: `?token=${encodeURIComponent(user.token)}` });
    expect(inUrl.res.status).toBe(400);
    expect(await inUrl.res.text()).toBe('Send the token in the authenticate frame, not in the URL');
    // partysocket adds its own `_pk` id to the query: that is fine.
    const s = await open(user.id, { query: '?_pk=abc123' });
    s.send(authenticate(user));
    expect(await s.next()).toMatchObject({ type: 'authenticated' });
    s.ws!.close();
  });

  it('sends nothing to a socket that does not authenticate and closes it once the window has passed', async () => {
    const user = await createUser();
    const s = await open(user.id);
    const opened = Date.now();
    const closed = await s.closed;
    expect(closed.code).toBe(ROOM_CLOSE.authFailed);
    expect(closed.at - opened).toBeGreaterThanOrEqual(AUTH_WINDOW_MS - 100);
    expect(closed.at - opened).toBeLessThan(AUTH_WINDOW_MS + 3000);
    expect(s.frames).toEqual([{ type: 'auth_error', message: 'Authentication timed out' }]);
  }, 15_000);
});

describe('rooms exist only for accounts (hardening)', () => {
  it('refuses room names that are not an account id, and other parties, before a room is created', async () => {
    const missing = 'x'.repeat(24);
    const user: TestUser = await createUser();
    for (const path of [
      `/parties/user/${missing}`,
      '/parties/user/not%20an%20id',
      `/parties/user/${user.id}/more`,
      `/parties/other/${user.id}`,
    ]) {
      const res = await exports.default.fetch(new Request(`http://dojo.test${path}`, { headers: { upgrade: 'websocket' } }));
      expect(res.status, path).toBe(404);
    }
    const ids = await listDurableObjectIds(rooms());
    expect(ids.some((id) => id.equals(rooms().idFromName(missing)))).toBe(false);
  });
});
